import Foundation

/// VTIMEZONE components (RFC 5545 §3.6.5) generated from the system's zone database.
public enum ICalendarTimeZone {
    /// One offset change, with the wall-clock time it happens at (in the offset before it).
    struct Transition {
        var onset: ICalendarDateTime
        var instant: Date
        var from: Int
        var to: Int
        var isDaylight: Bool
        var name: String?

        var key: String { "\(isDaylight)|\(from)|\(to)|\(onset.date.month)|\(onset.hour):\(onset.minute):\(onset.second)|\(name ?? "")" }
    }

    static let weekdays = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]

    /// The zone's rules over `[start, end]`: yearly RRULEs for transitions that follow a regular
    /// rule (left open at the end, so clients go on applying them), RDATEs for the others, and a
    /// single STANDARD component for a zone without transitions.
    public static func component(for zone: TimeZone, from start: Date, to end: Date) -> ICalendarComponent {
        let transitions = self.transitions(of: zone, from: start, to: end)
        var properties = [ICalendarProperty("TZID", .raw(zone.identifier))]
        guard !transitions.isEmpty else {
            let offset = zone.secondsFromGMT(for: start)
            var fixed = [
                ICalendarProperty("DTSTART", .local(ICalendarDateTime(date: ICalendarDate(year: 1970, month: 1, day: 1), hour: 0, minute: 0), timeZone: nil)),
                ICalendarProperty("TZOFFSETFROM", .utcOffset(offset)), ICalendarProperty("TZOFFSETTO", .utcOffset(offset)),
            ]
            if let name = zone.abbreviation(for: start), !name.hasPrefix("GMT") { fixed.append(ICalendarProperty("TZNAME", .text(name))) }
            return ICalendarComponent("VTIMEZONE", properties: properties, components: [ICalendarComponent("STANDARD", properties: fixed)])
        }
        properties.append(ICalendarProperty("X-LIC-LOCATION", .raw(zone.identifier)))
        return ICalendarComponent("VTIMEZONE", properties: properties, components: observances(transitions))
    }

    /// Every transition from the last one before `start` through `end`.
    static func transitions(of zone: TimeZone, from start: Date, to end: Date) -> [Transition] {
        var result: [Transition] = []
        var cursor = start.addingTimeInterval(-2 * 366 * 86_400)
        while let next = zone.nextDaylightSavingTimeTransition(after: cursor), next <= end {
            let from = zone.secondsFromGMT(for: next.addingTimeInterval(-1))
            let to = zone.secondsFromGMT(for: next)
            if from != to {
                let onset = ICalendarDateTime(utc: next.addingTimeInterval(Double(from)))
                let name = zone.abbreviation(for: next).flatMap { $0.hasPrefix("GMT") ? nil : $0 }
                result.append(Transition(onset: onset, instant: next, from: from, to: to, isDaylight: zone.isDaylightSavingTime(for: next), name: name))
            }
            cursor = next
        }
        if let firstInRange = result.firstIndex(where: { $0.instant >= start }), firstInRange > 1 {
            result.removeFirst(firstInRange - 1)  // keep only the last transition before `start`
        }
        return result
    }

    private static func observances(_ transitions: [Transition]) -> [ICalendarComponent] {
        var byKey: [String: [Transition]] = [:]
        var keyOrder: [String] = []
        for transition in transitions {
            if byKey[transition.key] == nil { keyOrder.append(transition.key) }
            byKey[transition.key, default: []].append(transition)
        }
        guard let lastInstant = transitions.last?.instant else { return [] }
        var components: [(Date, ICalendarComponent)] = []
        for key in keyOrder {
            var singles: [Transition] = []
            let ofKey = byKey[key] ?? []
            for run in YearlyRun.split(ofKey) {
                guard run.transitions.count >= 2, let rule = run.rule, let last = run.transitions.last else {
                    singles += run.transitions
                    continue
                }
                // A run that reaches the last year covered stays open, so clients extend it.
                let reachesEnd = ICalendarDateTime(utc: lastInstant).date.year - last.onset.date.year <= 1
                    && ofKey.last?.instant == last.instant
                var recurrence = ICalendarRecurrenceRule(.yearly, byMonth: [last.onset.date.month], byDay: [rule])
                if !reachesEnd { recurrence.until = .utc(utcDateTime(last.instant)) }
                components.append((run.transitions[0].instant, observance(run.transitions[0], extra: [ICalendarProperty("RRULE", .recurrence(recurrence))])))
            }
            if let first = singles.first {
                let extra = singles.count > 1 ? [ICalendarProperty("RDATE", .localList(singles.dropFirst().map(\.onset)))] : []
                components.append((first.instant, observance(first, extra: extra)))
            }
        }
        return components.sorted { $0.0 < $1.0 }.map(\.1)
    }

    private static func observance(_ transition: Transition, extra: [ICalendarProperty]) -> ICalendarComponent {
        var properties = [
            ICalendarProperty("DTSTART", .local(transition.onset, timeZone: nil)),
            ICalendarProperty("TZOFFSETFROM", .utcOffset(transition.from)),
            ICalendarProperty("TZOFFSETTO", .utcOffset(transition.to)),
        ]
        if let name = transition.name { properties.append(ICalendarProperty("TZNAME", .text(name))) }
        return ICalendarComponent(transition.isDaylight ? "DAYLIGHT" : "STANDARD", properties: properties + extra)
    }

    static func utcDateTime(_ date: Date) -> ICalendarDateTime {
        ICalendarDateTime(utc: date)
    }
}

/// Transitions of one kind in consecutive years that one BYDAY rule describes.
struct YearlyRun {
    var transitions: [ICalendarTimeZone.Transition]
    /// The rule all of them follow: the nth (or, -1, last) weekday of the month.
    var rule: (ordinal: Int, weekday: String)?

    static func split(_ transitions: [ICalendarTimeZone.Transition]) -> [YearlyRun] {
        var runs: [YearlyRun] = []
        for transition in transitions {
            if var run = runs.last, let previous = run.transitions.last, transition.onset.date.year == previous.onset.date.year + 1,
               let rule = commonRule(run.transitions + [transition]) {
                run.transitions.append(transition)
                run.rule = rule
                runs[runs.count - 1] = run
            } else {
                runs.append(YearlyRun(transitions: [transition], rule: commonRule([transition])))
            }
        }
        return runs
    }

    /// `(-1, weekday)` when every onset is its month's last such weekday, else `(n, weekday)` when
    /// every onset is the nth; nil when the weekdays differ or no ordinal fits all.
    static func commonRule(_ transitions: [ICalendarTimeZone.Transition]) -> (ordinal: Int, weekday: String)? {
        let facts = transitions.map { transition -> (weekday: Int, ordinal: Int, isLast: Bool) in
            let date = transition.onset.date
            let daysInMonth = ICalendarDate.daysIn(month: date.month, year: date.year)
            return (date.weekdayFromSunday, (date.day - 1) / 7 + 1, date.day + 7 > daysInMonth)
        }
        guard let weekday = facts.first?.weekday, facts.allSatisfy({ $0.weekday == weekday }) else { return nil }
        let name = ICalendarTimeZone.weekdays[weekday]
        if facts.allSatisfy(\.isLast) { return (-1, name) }
        if let ordinal = facts.first?.ordinal, facts.allSatisfy({ $0.ordinal == ordinal }) { return (ordinal, name) }
        return nil
    }
}
