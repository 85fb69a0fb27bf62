/// Proleptic Gregorian day arithmetic on days since 1970-01-01, all in integers (after Howard
/// Hinnant's days-from-civil and civil-from-days): the one copy that the schedules (Core), the zone
/// reader (TZif) and the VTIMEZONE writer (ICalendar) share. Knows nothing of chores.
public enum CivilDays {
    public static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    public static func length(ofMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 of a date (month 1…12).
    public static func days(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        return era * 146_097 + yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear - 719_468
    }

    /// 0 for Sunday … 6 for Saturday.
    public static func weekday(_ days: Int) -> Int {
        let weekday = (days + 4) % 7
        return weekday < 0 ? weekday + 7 : weekday
    }

    /// Days since 1970-01-01 of the `week`-th `weekday` (0 Sunday … 6 Saturday) of a month, where
    /// a `week` past the month's last such weekday (5 in zone rules) means that last one.
    public static func days(weekday: Int, week: Int, month: Int, year: Int) -> Int {
        let first = days(year: year, month: month, day: 1)
        var candidate = first + (weekday - Self.weekday(first) + 7) % 7 + 7 * (week - 1)
        while candidate >= first + length(ofMonth: month, year: year) { candidate -= 7 }
        return candidate
    }

    /// The year a day falls in.
    public static func year(of days: Int) -> Int {
        var year = 1970 + Int((Double(days) / 365.2425).rounded(.down))
        while Self.days(year: year, month: 1, day: 1) > days { year -= 1 }
        while Self.days(year: year + 1, month: 1, day: 1) <= days { year += 1 }
        return year
    }

    /// The day an instant (seconds since 1970 UTC, shifted into local time by the caller) falls on.
    public static func day(ofSeconds seconds: Int64) -> Int {
        Int(seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400)
    }

    /// The date `days` days after 1970-01-01, as (year, month 1…12, day).
    public static func date(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
