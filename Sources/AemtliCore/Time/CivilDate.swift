import CivilCalendar

/// A date on the proleptic Gregorian calendar, with no time and no zone: what a family means by
/// "Tuesday the 31st". All date arithmetic is integer arithmetic on days since 1970-01-01.
public struct CivilDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date `days` days after 1970-01-01.
    public init(daysSinceEpoch days: Int) {
        let date = CivilDays.date(fromDays: days)
        self.init(year: date.year, month: date.month, day: date.day)
    }

    public var daysSinceEpoch: Int { ISODateTime.daysSinceEpoch(year: year, month: month, day: day) }

    /// ISO weekday: 1 is Monday, 7 is Sunday.
    public var weekday: Int { Self.weekday(ofDay: daysSinceEpoch) }

    /// The ISO weekday of the day `days` days after 1970-01-01, which was a Thursday.
    static func weekday(ofDay days: Int) -> Int {
        ((days % 7 + 7 + 3) % 7) + 1
    }

    public static func daysIn(month: Int, year: Int) -> Int {
        ISODateTime.daysIn(month: month, year: year)
    }

    public func adding(days: Int) -> CivilDate {
        CivilDate(daysSinceEpoch: daysSinceEpoch + days)
    }

    /// The date `months` months later on `day`, or on the month's last day if it is shorter.
    public func adding(months: Int, day wantedDay: Int) -> CivilDate {
        let index = year * 12 + (month - 1) + months
        let newYear = index >= 0 ? index / 12 : (index - 11) / 12
        let newMonth = index - newYear * 12 + 1
        return CivilDate(
            year: newYear, month: newMonth, day: min(wantedDay, Self.daysIn(month: newMonth, year: newYear)))
    }

    /// Whole months from `self`'s month to `other`'s month.
    public func months(to other: CivilDate) -> Int {
        (other.year * 12 + other.month) - (year * 12 + month)
    }

    public func days(to other: CivilDate) -> Int {
        other.daysSinceEpoch - daysSinceEpoch
    }

    /// The first day of the week holding this date.
    public func startOfWeek(_ weekStart: WeekStart) -> CivilDate {
        CivilDate(daysSinceEpoch: Self.startOfWeek(containing: daysSinceEpoch, weekStart))
    }

    /// The first day of the week holding the day `day` days after 1970-01-01, counted the same way.
    static func startOfWeek(containing day: Int, _ weekStart: WeekStart) -> Int {
        day - (weekday(ofDay: day) - (weekStart == .monday ? 1 : 7) + 7) % 7
    }

    public var startOfMonth: CivilDate { CivilDate(year: year, month: month, day: 1) }

    public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        func pad(_ number: Int, _ width: Int) -> String {
            let text = String(number)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }
}
