import CivilCalendar

/// A change a zone makes every year by one rule, as POSIX TZ rules describe it: a day, and a local
/// time on it in the time before the change, which may be 24:00 or later, or negative (Chile's
/// "first Saturday of September at 24:00", Greenland's "last Sunday of March at −1:00").
public struct ICalendarYearlyChange: Sendable {
    public enum Day: Equatable, Sendable {
        /// Weekday (0 = Sunday) of week 1…5 of the month, 5 being the last.
        case monthWeekday(month: Int, week: Int, weekday: Int)
        /// The same date every year.
        case monthDay(month: Int, day: Int)
        /// Day 1…366 of the year, February 29 counted in leap years.
        case yearDay(Int)
    }

    public var day: Day
    /// Seconds after the day's midnight (−167 h to 167 h).
    public var time: Int
    public var before: ICalendarZoneRules.LocalTime
    public var after: ICalendarZoneRules.LocalTime

    public init(day: Day, time: Int, before: ICalendarZoneRules.LocalTime, after: ICalendarZoneRules.LocalTime) {
        self.day = day
        self.time = time
        self.before = before
        self.after = after
    }

    /// Whole days the time moves the change by, and the time of day that is left.
    var shift: (days: Int, timeOfDay: Int) {
        let days = CivilDays.day(ofSeconds: Int64(time))
        return (days, time - days * 86_400)
    }

    /// The wall-clock time of the change in `year`.
    func onset(inYear year: Int) -> ICalendarDateTime {
        let base: Int
        switch day {
        case .monthWeekday(let month, let week, let weekday):
            base = CivilDays.days(weekday: weekday, week: week, month: month, year: year)
        case .monthDay(let month, let dayOfMonth):
            base = ICalendarDate(year: year, month: month, day: dayOfMonth).daysSince1970
        case .yearDay(let number):
            base = ICalendarDate(year: year, month: 1, day: 1).daysSince1970 + number - 1
        }
        let (days, timeOfDay) = shift
        let date = ICalendarDate(daysSince1970: base + days)
        return ICalendarDateTime(
            date: date, hour: timeOfDay / 3600, minute: timeOfDay / 60 % 60, second: timeOfDay % 60)
    }
}
