/// Transitions of one kind in consecutive years that one BYDAY rule describes.
struct YearlyRun {
    var transitions: [ICalendarTimeZone.Transition]
    /// The rule all of them follow: the nth (or, -1, last) weekday of the month.
    var rule: (ordinal: Int, weekday: String)?

    static func split(_ transitions: [ICalendarTimeZone.Transition]) -> [YearlyRun] {
        var runs: [YearlyRun] = []
        for transition in transitions {
            if var run = runs.last, let previous = run.transitions.last,
                transition.onset.date.year == previous.onset.date.year + 1,
                let rule = commonRule(run.transitions + [transition])
            {
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
