extension ICalendarYearlyChange {
    /// The yearly RRULE whose days are exactly this change's days in every year, nil when none is:
    /// "Mm.w.d" is `BYDAY=wD` (`-1D` for the last); a time of 24:00 or more, or below 0, moves the
    /// day, so "first Saturday at 24:00" becomes `BYDAY=SU;BYMONTHDAY=2,…,8`, as long as the days
    /// stay inside the month in every year. `BYMONTH` and `BYDAY`/`BYMONTHDAY`, or `BYYEARDAY`.
    var recurrence: ICalendarRecurrenceRule? {
        let days = shift.days
        switch day {
        case .monthWeekday(let month, let week, let weekday):
            let name = ICalendarTimeZone.weekdays[((weekday + days) % 7 + 7) % 7]
            let shortest = ICalendarDate.daysIn(month: month, year: 2001)
            if days == 0 {
                return ICalendarRecurrenceRule(.yearly, byMonth: [month], byDay: [(week == 5 ? -1 : week, name)])
            }
            let range = week == 5 ? (-7 + days)...(-1 + days) : (7 * week - 6 + days)...(7 * week + days)
            let fits =
                week == 5
                ? range.upperBound <= -1 && range.lowerBound >= -shortest
                : range.lowerBound >= 1 && range.upperBound <= shortest
            guard fits else { return nil }
            return ICalendarRecurrenceRule(.yearly, byMonth: [month], byDay: [(0, name)], byMonthDay: Array(range))
        case .monthDay(let month, let dayOfMonth):
            let shifted = dayOfMonth + days
            guard shifted >= 1, shifted <= ICalendarDate.daysIn(month: month, year: 2001) else { return nil }
            return ICalendarRecurrenceRule(.yearly, byMonth: [month], byMonthDay: [shifted])
        case .yearDay(let number):
            let shifted = number + days
            guard shifted >= 1, shifted <= 365 else { return nil }
            var rule = ICalendarRecurrenceRule(.yearly)
            rule.byYearDay = [shifted]
            return rule
        }
    }
}
