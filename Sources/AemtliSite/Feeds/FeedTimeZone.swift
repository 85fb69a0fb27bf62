import AemtliCore
import Foundation
import ICalendar
import TZif

/// The family zone's rules in the calendar writer's terms (`ICalendarZoneRules`): the changes from
/// the last one before `start` through `end`, and from a TZif file also its footer's yearly rule,
/// so that the VTIMEZONE follows the very rules the schedule uses.
enum FeedTimeZone {
    static func rules(of zone: FamilyZone, from start: Date, to end: Date) -> ICalendarZoneRules {
        switch zone.rules {
        case .foundation(let timeZone):
            return ICalendarZoneRules(timeZone: timeZone, from: start, to: end)
        case .tzif(let file):
            let (first, last) = (
                Int64(start.timeIntervalSince1970.rounded(.down)), Int64(end.timeIntervalSince1970.rounded(.down))
            )
            let changes = (file.lastChange(before: first).map { [$0] } ?? []) + file.changes(from: first, to: last + 1)
            let initial = changes.first?.before ?? file.localTimeType(at: first)
            return ICalendarZoneRules(
                identifier: zone.identifier, initial: local(initial),
                changes: changes.map {
                    ICalendarZoneRules.Change(instant: $0.at, before: local($0.before), after: local($0.after))
                },
                yearly: file.rule.map(yearly) ?? [])
        }
    }

    /// The footer's two changes a year (none without summer time).
    private static func yearly(_ rule: PosixTZ) -> [ICalendarYearlyChange] {
        guard let daylight = rule.daylight else { return [] }
        let standard = local(rule.standard)
        let summer = local(
            TZifZone.LocalTimeType(offset: daylight.offset, isDaylight: true, abbreviation: daylight.abbreviation))
        return [
            ICalendarYearlyChange(
                day: day(daylight.start.day), time: daylight.start.time, before: standard, after: summer),
            ICalendarYearlyChange(day: day(daylight.end.day), time: daylight.end.time, before: summer, after: standard),
        ]
    }

    private static func day(_ day: PosixTZ.Day) -> ICalendarYearlyChange.Day {
        switch day {
        case .monthWeekday(let month, let week, let weekday):
            return .monthWeekday(month: month, week: week, weekday: weekday)
        case .zeroBased(let number):
            return .yearDay(number + 1)
        case .julian(let number):
            // Day n of a year without February 29, as a month and a day.
            var (month, remaining) = (1, number)
            let lengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
            while month < 12, remaining > lengths[month - 1] {
                remaining -= lengths[month - 1]
                month += 1
            }
            return .monthDay(month: month, day: remaining)
        }
    }

    /// TZNAME from the abbreviation, left out for the tz database's numeric stand-ins (`-03`).
    private static func local(_ type: TZifZone.LocalTimeType) -> ICalendarZoneRules.LocalTime {
        let numeric = type.abbreviation.hasPrefix("+") || type.abbreviation.hasPrefix("-")
        return ICalendarZoneRules.LocalTime(
            offset: type.offset, isDaylight: type.isDaylight, name: numeric ? nil : type.abbreviation)
    }
}
