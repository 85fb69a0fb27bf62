import Foundation

/// What the VTIMEZONE writer needs to know of a zone, in its own terms: the offset changes over the
/// span a calendar covers, and the yearly rules the zone follows after the last of them. Whoever
/// reads the zone data (a TZif file, Foundation) fills it in.
public struct ICalendarZoneRules: Sendable {
    /// One kind of local time.
    public struct LocalTime: Equatable, Hashable, Sendable {
        /// Seconds east of UTC.
        public var offset: Int
        public var isDaylight: Bool
        /// Written as TZNAME; nil leaves it out.
        public var name: String?

        public init(offset: Int, isDaylight: Bool, name: String?) {
            self.offset = offset
            self.isDaylight = isDaylight
            self.name = name
        }
    }

    /// A change of local time at an instant (seconds since 1970 UTC).
    public struct Change: Sendable {
        public var instant: Int64
        public var before: LocalTime
        public var after: LocalTime

        public init(instant: Int64, before: LocalTime, after: LocalTime) {
            self.instant = instant
            self.before = before
            self.after = after
        }
    }

    public var identifier: String
    /// The local time before the first change (all along, when there is none).
    public var initial: LocalTime
    /// The changes from the last one before the covered span through its end, in order.
    public var changes: [Change]
    /// The yearly changes the zone makes after the last one listed, for ever: empty when it keeps
    /// its last local time, nil when not known (then regular runs at the end are left open).
    public var yearly: [ICalendarYearlyChange]?

    public init(identifier: String, initial: LocalTime, changes: [Change], yearly: [ICalendarYearlyChange]?) {
        self.identifier = identifier
        self.initial = initial
        self.changes = changes
        self.yearly = yearly
    }

    /// The rules Foundation's `TimeZone` gives from the last change before `start` (within two
    /// years) through `end`; the later rules are not known. Names like `GMT+1` are left out.
    public init(timeZone zone: TimeZone, from start: Date, to end: Date) {
        func local(_ date: Date) -> LocalTime {
            let name = zone.abbreviation(for: date).flatMap { $0.hasPrefix("GMT") ? nil : $0 }
            return LocalTime(
                offset: zone.secondsFromGMT(for: date), isDaylight: zone.isDaylightSavingTime(for: date), name: name)
        }
        var changes: [Change] = []
        var cursor = start.addingTimeInterval(-2 * 366 * 86_400)
        while let next = zone.nextDaylightSavingTimeTransition(after: cursor), next <= end {
            let (before, after) = (local(next.addingTimeInterval(-1)), local(next))
            if before.offset != after.offset {
                changes.append(
                    Change(instant: Int64(next.timeIntervalSince1970.rounded(.down)), before: before, after: after))
            }
            cursor = next
        }
        let startSeconds = Int64(start.timeIntervalSince1970)
        if let firstInRange = changes.firstIndex(where: { $0.instant >= startSeconds }), firstInRange > 1 {
            changes.removeFirst(firstInRange - 1)  // keep only the last change before `start`
        }
        self.init(identifier: zone.identifier, initial: local(start), changes: changes, yearly: nil)
    }
}
