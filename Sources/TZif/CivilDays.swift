/// Proleptic Gregorian day arithmetic on days since 1970-01-01, all in integers.
enum CivilDays {
    static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    static func length(ofMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 of a date (month 1…12).
    static func days(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        return era * 146_097 + yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear - 719_468
    }

    /// 0 for Sunday … 6 for Saturday.
    static func weekday(_ days: Int) -> Int {
        let weekday = (days + 4) % 7
        return weekday < 0 ? weekday + 7 : weekday
    }

    /// The year a day falls in.
    static func year(of days: Int) -> Int {
        var year = 1970 + Int((Double(days) / 365.2425).rounded(.down))
        while Self.days(year: year, month: 1, day: 1) > days { year -= 1 }
        while Self.days(year: year + 1, month: 1, day: 1) <= days { year += 1 }
        return year
    }

    /// The day an instant (seconds since 1970 UTC, shifted into local time by the caller) falls on.
    static func day(ofSeconds seconds: Int64) -> Int {
        Int(seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400)
    }
}
