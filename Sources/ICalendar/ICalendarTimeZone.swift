import Foundation

/// VTIMEZONE components (RFC 5545 §3.6.5) written from a zone's rules (`ICalendarZoneRules`).
public enum ICalendarTimeZone {
    /// One offset change, with the wall-clock time it happens at (in the offset before it).
    struct Transition {
        var onset: ICalendarDateTime
        var instant: Int64
        var before: ICalendarZoneRules.LocalTime
        var after: ICalendarZoneRules.LocalTime

        init(_ change: ICalendarZoneRules.Change) {
            onset = ICalendarDateTime(
                utc: Date(timeIntervalSince1970: Double(change.instant + Int64(change.before.offset))))
            instant = change.instant
            before = change.before
            after = change.after
        }

        var key: String {
            "\(after.isDaylight)|\(before.offset)|\(after.offset)|\(onset.date.month)|\(onset.hour):\(onset.minute):\(onset.second)|\(after.name ?? "")"
        }
    }

    static let weekdays = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]

    /// The VTIMEZONE of Foundation's rules for `zone` over `[start, end]` (where no zone file exists).
    public static func component(for zone: TimeZone, from start: Date, to end: Date) -> ICalendarComponent {
        component(for: ICalendarZoneRules(timeZone: zone, from: start, to: end))
    }

    /// The zone's changes as observances: an open yearly RRULE for each yearly rule from the first
    /// change of the list it describes exactly (so clients go on applying it), and for the changes
    /// before that (or where no RRULE describes the rule) RRULEs with UNTIL for regular runs and
    /// RDATEs for the others. A zone without changes gets a single STANDARD component.
    public static func component(for rules: ICalendarZoneRules) -> ICalendarComponent {
        var properties = [ICalendarProperty("TZID", .raw(rules.identifier))]
        let transitions = rules.changes.filter { $0.before.offset != $0.after.offset }.map(Transition.init)
        guard !transitions.isEmpty else {
            let offset = rules.initial.offset
            var fixed = [
                ICalendarProperty(
                    "DTSTART",
                    .local(
                        ICalendarDateTime(date: ICalendarDate(year: 1970, month: 1, day: 1), hour: 0, minute: 0),
                        timeZone: nil)),
                ICalendarProperty("TZOFFSETFROM", .utcOffset(offset)),
                ICalendarProperty("TZOFFSETTO", .utcOffset(offset)),
            ]
            if let name = rules.initial.name { fixed.append(ICalendarProperty("TZNAME", .text(name))) }
            return ICalendarComponent(
                "VTIMEZONE", properties: properties, components: [ICalendarComponent("STANDARD", properties: fixed)])
        }
        properties.append(ICalendarProperty("X-LIC-LOCATION", .raw(rules.identifier)))
        var ruled = Set<Int>()
        var components: [(Int64, ICalendarComponent)] = []
        for yearly in rules.yearly ?? [] {
            guard let recurrence = yearly.recurrence else { continue }
            let tail = describedTail(of: transitions, by: yearly)
            guard let first = tail.last else { continue }
            ruled.formUnion(tail)
            let observance = observance(
                transitions[first], extra: [ICalendarProperty("RRULE", .recurrence(recurrence))])
            components.append((transitions[first].instant, observance))
        }
        let rest = transitions.indices.filter { !ruled.contains($0) }.map { transitions[$0] }
        components += observances(rest, leavingOpen: rules.yearly == nil)
        return ICalendarComponent(
            "VTIMEZONE", properties: properties, components: components.sorted { $0.0 < $1.0 }.map(\.1))
    }

    /// Indices of the last changes of the yearly rule's kind, latest first, while each falls on the
    /// rule's day and time in consecutive years.
    static func describedTail(of transitions: [Transition], by yearly: ICalendarYearlyChange) -> [Int] {
        var tail: [Int] = []
        var expectedYear: Int?
        for index in transitions.indices.reversed() {
            let transition = transitions[index]
            guard transition.before == yearly.before, transition.after == yearly.after else { continue }
            let year = transition.onset.date.year
            guard expectedYear.map({ $0 == year }) ?? true, transition.onset == yearly.onset(inYear: year) else {
                break
            }
            tail.append(index)
            expectedYear = year - 1
        }
        return tail
    }

    /// Observances grouped by kind: runs of two or more that a BYDAY rule describes as RRULEs (left
    /// open when `leavingOpen` and the run reaches the last year listed), the rest as RDATEs.
    private static func observances(_ transitions: [Transition], leavingOpen: Bool) -> [(Int64, ICalendarComponent)] {
        var byKey: [String: [Transition]] = [:]
        var keyOrder: [String] = []
        for transition in transitions {
            if byKey[transition.key] == nil { keyOrder.append(transition.key) }
            byKey[transition.key, default: []].append(transition)
        }
        guard let lastInstant = transitions.last?.instant else { return [] }
        var components: [(Int64, ICalendarComponent)] = []
        for key in keyOrder {
            var singles: [Transition] = []
            let ofKey = byKey[key] ?? []
            for run in YearlyRun.split(ofKey) {
                guard run.transitions.count >= 2, let rule = run.rule, let last = run.transitions.last else {
                    singles += run.transitions
                    continue
                }
                let reachesEnd =
                    leavingOpen && utcDateTime(lastInstant).date.year - last.onset.date.year <= 1
                    && ofKey.last?.instant == last.instant
                var recurrence = ICalendarRecurrenceRule(.yearly, byMonth: [last.onset.date.month], byDay: [rule])
                if !reachesEnd { recurrence.until = .utc(utcDateTime(last.instant)) }
                components.append(
                    (
                        run.transitions[0].instant,
                        observance(run.transitions[0], extra: [ICalendarProperty("RRULE", .recurrence(recurrence))])
                    ))
            }
            if let first = singles.first {
                // One RDATE per onset, DTSTART's too: ical.js reads only an RDATE's first value, and
                // without an RRULE it takes the onsets from RDATE alone. RFC 5545 counts a repeat once.
                let extra =
                    singles.count > 1 ? singles.map { ICalendarProperty("RDATE", .local($0.onset, timeZone: nil)) } : []
                components.append((first.instant, observance(first, extra: extra)))
            }
        }
        return components
    }

    private static func observance(_ transition: Transition, extra: [ICalendarProperty]) -> ICalendarComponent {
        var properties = [
            ICalendarProperty("DTSTART", .local(transition.onset, timeZone: nil)),
            ICalendarProperty("TZOFFSETFROM", .utcOffset(transition.before.offset)),
            ICalendarProperty("TZOFFSETTO", .utcOffset(transition.after.offset)),
        ]
        if let name = transition.after.name { properties.append(ICalendarProperty("TZNAME", .text(name))) }
        return ICalendarComponent(transition.after.isDaylight ? "DAYLIGHT" : "STANDARD", properties: properties + extra)
    }

    static func utcDateTime(_ seconds: Int64) -> ICalendarDateTime {
        ICalendarDateTime(utc: Date(timeIntervalSince1970: Double(seconds)))
    }
}
