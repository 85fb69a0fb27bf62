import Foundation

/// The family's time zone and week, and the conversions between instants and wall-clock times
/// that SPEC §3 and §4 define. Offsets come from the family's zone (`FamilyZone`: the system's TZif
/// data, which the command line reads), looked up once per transition and then kept in a sorted
/// table, so expanding many occurrences costs a binary search each, not a walk through the rules.
public final class FamilyTime: @unchecked Sendable {
    public let zone: FamilyZone
    public let weekStart: WeekStart
    /// Offset changes in [coverage), in order: (instant in ms, offset in seconds from then on).
    private let transitions: [(at: Int64, offset: Int)]
    private let initialOffset: Int
    private let coverage: Range<Int64>

    /// `around` is the instant the table is centred on (usually now); it covers 60 years before
    /// and 40 after, and instants beyond that ask the zone directly.
    public init(zone: FamilyZone, weekStart: WeekStart = .monday, around: Date) {
        self.zone = zone
        self.weekStart = weekStart
        let year: Int64 = 31_557_600
        let centre = around.millis / 1000  // clamped: an extreme clock never traps
        let (start, end) = (centre - 60 * year, centre + 40 * year)
        coverage = start * 1000..<end * 1000
        initialOffset = zone.offset(atSeconds: start)
        transitions = zone.offsetChanges(from: start + 1, to: end).map { ($0.at * 1000, $0.offset) }
    }

    /// The family's zone with its rules taken from Foundation (tests, and zones without a file).
    public convenience init(timeZone: TimeZone, weekStart: WeekStart = .monday, around: Date) {
        self.init(zone: FamilyZone(timeZone), weekStart: weekStart, around: around)
    }

    /// Seconds east of UTC at `millis`.
    func offset(atMillis millis: Int64) -> Int {
        guard coverage.contains(millis) else {
            return zone.offset(atSeconds: millis >= 0 ? millis / 1000 : (millis - 999) / 1000)
        }
        return offset(before: transitions.partitionPoint { $0.at > millis })
    }

    /// The offset in force before the transition at `index` (`transitions.count`: after the last).
    private func offset(before index: Int) -> Int {
        index == 0 ? initialOffset : transitions[index - 1].offset
    }

    /// The offset at `millis` when the table covers `radius` either side of it and holds no
    /// change in that span: one search where `resolve` would make two. Nil otherwise.
    private func steadyOffset(around millis: Int64, radius: Int64) -> Int? {
        guard coverage.contains(millis - radius), coverage.contains(millis + radius) else { return nil }
        let low = transitions.partitionPoint { $0.at > millis - radius }
        guard low == transitions.count || transitions[low].at > millis + radius else { return nil }
        return offset(before: low)
    }

    public func offset(at date: Date) -> Int {
        offset(atMillis: date.millis)
    }

    /// The wall-clock time at `date` in the family's zone.
    public func local(_ date: Date) -> LocalDateTime {
        let millis = date.millis
        return LocalDateTime(nominalMillis: millis + Int64(offset(atMillis: millis)) * 1000)
    }

    public func today(at now: Date) -> CivilDate {
        local(now).date
    }

    /// The instant a wall-clock time names (SPEC §4): a time in a spring-forward gap moves
    /// forward by the gap's length; a time that exists twice (fall-back) is the first.
    public func instant(_ local: LocalDateTime) -> Date {
        resolve(local).instant
    }

    /// The instant a wall-clock time names, and the wall-clock time it really is there (later than
    /// asked when the time fell in a gap).
    public func resolve(_ local: LocalDateTime) -> (instant: Date, local: LocalDateTime) {
        let nominal = local.nominalMillis
        let (instant, actual) = resolve(nominalMillis: nominal)
        return (Date(millis: instant), actual == nominal ? local : LocalDateTime(nominalMillis: actual))
    }

    /// `resolve` in milliseconds: a wall-clock time as milliseconds since 1970-01-01 00:00 (as if
    /// it were UTC), to the instant it names and the wall-clock time it really is, in whole
    /// numbers (History walks a year of occurrences of 20 000 chores).
    func resolve(nominalMillis nominal: Int64) -> (instant: Int64, nominal: Int64) {
        if let steady = steadyOffset(around: nominal, radius: 36 * 3_600_000) {
            return (nominal - Int64(steady) * 1000, nominal)
        }
        let before = offset(atMillis: nominal - 36 * 3_600_000)
        let after = offset(atMillis: nominal + 36 * 3_600_000)
        // No change within 36 hours (offsets are under 15 hours): the time exists exactly once.
        if before == after { return (nominal - Int64(before) * 1000, nominal) }
        let candidates = [before, after]
            .map { nominal - Int64($0) * 1000 }
            .filter { Int64(offset(atMillis: $0)) * 1000 == nominal - $0 }
        if let first = candidates.min() { return (first, nominal) }
        let moved = nominal - Int64(before) * 1000
        return (moved, moved + Int64(after) * 1000)
    }

    /// The first instant of a local day (a midnight that falls in a gap moves forward).
    public func startOfDay(_ date: CivilDate) -> Date {
        instant(LocalDateTime(date: date))
    }

    /// The UTC wall-clock time of an instant (for DTSTAMP, UNTIL and the like).
    public static func utcLocal(_ date: Date) -> LocalDateTime {
        LocalDateTime(nominalMillis: date.millis)
    }
}
