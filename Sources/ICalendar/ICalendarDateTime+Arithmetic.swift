import CivilCalendar
import Foundation

extension ICalendarDate {
    /// The date `days` days after 1970-01-01 in the proleptic Gregorian calendar.
    init(daysSince1970 days: Int) {
        let date = CivilDays.date(fromDays: days)
        self.init(year: date.year, month: date.month, day: date.day)
    }

    /// Days since 1970-01-01.
    var daysSince1970: Int { CivilDays.days(year: year, month: month, day: day) }

    /// 0 for Sunday … 6 for Saturday.
    var weekdayFromSunday: Int { CivilDays.weekday(daysSince1970) }

    static func daysIn(month: Int, year: Int) -> Int {
        CivilDays.length(ofMonth: month, year: year)
    }
}

extension ICalendarDateTime {
    /// The UTC date and time of `date`, to the whole second below.
    public init(utc date: Date) {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = CivilDays.day(ofSeconds: Int64(seconds))
        let second = seconds - days * 86_400
        self.init(
            date: ICalendarDate(daysSince1970: days), hour: second / 3600, minute: second / 60 % 60, second: second % 60
        )
    }
}
