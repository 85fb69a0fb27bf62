extension ICalendarYearlyChange {
    /// The yearly RRULE whose days are exactly this change's days in every year, nil when none is:
    /// "Mm.w.d" is `BYDAY=wD` (`-1D` for the last); a time of 24:00 or more, or below 0, moves the
    /// day, so "first Saturday at 24:00" becomes `BYDAY=SU;BYMONTHDAY=2,…,8` and "last Sunday at
    /// −1:00" in March `BYDAY=SA;BYMONTHDAY=24,…,30`, as long as the days stay inside the month in
    /// every year. `BYMONTH` and `BYDAY`/`BYMONTHDAY`, or `BYYEARDAY`.
    var recurrence: ICalendarRecurrenceRule? {
        let days = shift.days
        switch day {
        case .monthWeekday(let month, let week, let weekday):
            let name = ICalendarTimeZone.weekdays[((weekday + days) % 7 + 7) % 7]
            let shortest = ICalendarDate.daysIn(month: month, year: 2001)
            if days == 0 {
                return ICalendarRecurrenceRule(.yearly, byMonth: [month], byDay: [(week == 5 ? -1 : week, name)])
            }
            // The last week's days counted from the month's end, written from its start: ical.js finds
            // no day for a negative BYMONTHDAY beside BYDAY, so February (28 or 29 days) gets no rule.
            let longest = ICalendarDate.daysIn(month: month, year: 2000)
            let range =
                week == 5 ? (shortest - 6 + days)...(shortest + days) : (7 * week - 6 + days)...(7 * week + days)
            guard week < 5 || shortest == longest, range.lowerBound >= 1, range.upperBound <= shortest else {
                return nil
            }
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
