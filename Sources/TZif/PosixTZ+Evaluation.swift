import CivilCalendar

extension PosixTZ {
    /// The rule's two changes in `year` as (instant, local time from then on), in order; none
    /// without summer time.
    public func changes(inYear year: Int) -> [(at: Int64, type: TZifZone.LocalTimeType)] {
        guard let daylight else { return [] }
        let summer = TZifZone.LocalTimeType(
            offset: daylight.offset, isDaylight: true, abbreviation: daylight.abbreviation)
        let start = (at: Self.instant(daylight.start, year: year, offsetBefore: standardOffset), type: summer)
        let end = (at: Self.instant(daylight.end, year: year, offsetBefore: daylight.offset), type: standard)
        return start.at <= end.at ? [start, end] : [end, start]
    }

    /// The local time the rule gives at an instant.
    public func localTimeType(at given: Int64) -> TZifZone.LocalTimeType {
        guard daylight != nil else { return standard }
        // Beyond about a million years the rule's years are a million years away too: clamping
        // keeps the arithmetic below from overflowing for any instant (found by fuzzing).
        let instant = Swift.min(Swift.max(given, -Self.farthest), Self.farthest)
        let year = CivilDays.year(of: CivilDays.day(ofSeconds: instant + Int64(standardOffset)))
        // A change may fall up to a week into the next or previous year (times up to ±167 h), so
        // the last change at or before the instant is among these three years'.
        var current = standard
        for candidate in (year - 1...year + 1).flatMap(changes(inYear:)) where candidate.at <= instant {
            current = candidate.type
        }
        return current
    }

    /// About 1.1 million years, in seconds.
    static let farthest: Int64 = 1 << 45

    /// Seconds since 1970 UTC of a change in `year`, its local time read in `offsetBefore`.
    static func instant(_ change: Change, year: Int, offsetBefore: Int) -> Int64 {
        let day: Int
        let january = CivilDays.days(year: year, month: 1, day: 1)
        switch change.day {
        case .julian(let n):
            day = january + n - 1 + (CivilDays.isLeap(year) && n >= 60 ? 1 : 0)
        case .zeroBased(let n):
            day = january + n
        case .monthWeekday(let month, let week, let weekday):
            day = CivilDays.days(weekday: weekday, week: week, month: month, year: year)
        }
        return Int64(day) * 86_400 + Int64(change.time) - Int64(offsetBefore)
    }
}
