import CivilCalendar

extension TZifZone {
    /// A change of local time: the instant, and the local time before and after it.
    public struct Change: Sendable, Equatable {
        public var at: Int64
        public var before: LocalTimeType
        public var after: LocalTimeType
    }

    /// The local time at an instant (seconds since 1970 UTC): before the first transition the
    /// first type, after the last one the footer's rule, in between a binary search.
    public func localTimeType(at instant: Int64) -> LocalTimeType {
        guard let last = transitions.last else { return rule?.localTimeType(at: instant) ?? types[0] }
        if instant > last, let rule { return rule.localTimeType(at: instant) }
        let low = firstTransition(after: instant)
        return low == 0 ? types[0] : types[typeIndices[low - 1]]
    }

    /// Every change in `[from, to)`: the listed transitions, then the rule's, leaving out those
    /// after which local time is the same as before.
    public func changes(from givenStart: Int64, to givenEnd: Int64) -> [Change] {
        let (start, end) = (Swift.max(givenStart, -PosixTZ.farthest), Swift.min(givenEnd, PosixTZ.farthest))
        var result: [Change] = []
        var current = localTimeType(at: start - 1)
        func add(_ at: Int64, _ type: LocalTimeType) {
            guard at >= start, at < end, type != current else { return }
            result.append(Change(at: at, before: current, after: type))
            current = type
        }
        var index = firstTransition(after: start - 1)
        while index < transitions.count, transitions[index] < end {
            add(transitions[index], types[typeIndices[index]])
            index += 1
        }
        guard let rule, rule.daylight != nil else { return result }
        let ruleStart = transitions.last.map { max(start, $0 + 1) } ?? start
        guard ruleStart < end else { return result }
        let firstYear = CivilDays.year(of: CivilDays.day(ofSeconds: ruleStart)) - 1
        let lastYear = CivilDays.year(of: CivilDays.day(ofSeconds: end)) + 1
        for year in firstYear...lastYear {
            for change in rule.changes(inYear: year) where change.at >= ruleStart {
                add(change.at, change.type)
            }
        }
        return result
    }

    /// The last change before `instant`, looked for in the listed transitions and the rule.
    public func lastChange(before instant: Int64) -> Change? {
        let yearAgo = instant - 400 * 86_400
        if let change = changes(from: yearAgo, to: instant).last { return change }
        let earliest = transitions.first ?? yearAgo
        return earliest < yearAgo ? changes(from: earliest, to: yearAgo).last : nil
    }

    /// The index of the first transition later than `instant` (binary search); the count when none is.
    private func firstTransition(after instant: Int64) -> Int {
        var low = 0
        var high = transitions.count
        while low < high {
            let middle = (low + high) / 2
            if transitions[middle] <= instant { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
