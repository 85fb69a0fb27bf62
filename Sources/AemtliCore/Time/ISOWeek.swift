/// An ISO 8601 week, `YYYY-Www` (SPEC §3). With a Sunday week start, a week runs from the Sunday
/// before the ISO week's Monday.
public struct ISOWeek: Hashable, Sendable, CustomStringConvertible {
    public let year: Int
    public let week: Int

    public init?(year: Int, week: Int) {
        guard week >= 1, week <= Self.weeks(in: year) else { return nil }
        self.year = year
        self.week = week
    }

    /// Reads `2026-W13` (or `2026W13`).
    public init?(_ text: String) {
        let parts = text.uppercased().replacingOccurrences(of: "-", with: "").split(separator: "W")
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2, let year = Int(parts[0]),
            let week = Int(parts[1])
        else { return nil }
        self.init(year: year, week: week)
    }

    /// The week holding `date`.
    public init(containing date: CivilDate, weekStart: WeekStart = .monday) {
        let monday = weekStart == .sunday && date.weekday == 7 ? date.adding(days: 1) : date
        let thursday = monday.adding(days: 4 - monday.weekday)
        let dayOfYear = CivilDate(year: thursday.year, month: 1, day: 1).days(to: thursday)
        self.year = thursday.year
        self.week = dayOfYear / 7 + 1
    }

    /// The ISO week's Monday.
    public var monday: CivilDate {
        let january4 = CivilDate(year: year, month: 1, day: 4)
        return january4.adding(days: 1 - january4.weekday + 7 * (week - 1))
    }

    /// The seven days, from the family's week start.
    public func days(_ weekStart: WeekStart) -> [CivilDate] {
        let first = weekStart == .monday ? monday : monday.adding(days: -1)
        return (0..<7).map { first.adding(days: $0) }
    }

    public func adding(weeks: Int) -> ISOWeek {
        ISOWeek(containing: monday.adding(days: 7 * weeks))
    }

    public static func weeks(in year: Int) -> Int {
        ISOWeek(containing: CivilDate(year: year, month: 12, day: 28)).week
    }

    /// `Www`, the week's short label ("W05").
    public var label: String { "W\(week < 10 ? "0" : "")\(week)" }

    /// `YYYY-Www`.
    public var description: String { "\(year)-\(label)" }
}
