import Foundation

/// One chore's periods from `from` to the current one, marked by README's rules: a tick standing
/// at the end of a finished period is done or late; else missed when watched, unknown when not;
/// the current period comes from the store's flag.
struct ChoreHistoryBuilder {
    let schedule: Schedule
    let watch: SyncWatch
    /// The first local date whose periods are listed.
    let from: CivilDate
    /// Once chores are listed when their due day lies before this date.
    let onceUntil: CivilDate

    private var time: FamilyTime { schedule.time }

    /// `events` are the chore's, ascending by time (ties in file order).
    func history(of chore: Chore, index: Int, events: [JournalEvent]) -> ChoreHistory {
        let evidence = AssigneeEvidence(events: events, store: (chore.modified.map(FamilyTime.millis), chore.assigneeID))
        guard let current = schedule.periods.period(for: chore.recurrence) else {
            return ChoreHistory(choreIndex: index, periods: oncePeriod(of: chore, events: events).map { [$0] } ?? [], streak: nil, bestStreak: nil)
        }
        var periods: [HistoryPeriod] = []
        var cursor = 0
        var lastFirst: CivilDate?
        for occurrence in chore.occurrences(from: from, to: current.upperBound, in: time) {
            let range = CurrentPeriods.period(containing: occurrence.date, chore.recurrence, weekStart: time.weekStart)
            if range.lowerBound == lastFirst { continue }  // a skipped day can put two in one period
            lastFirst = range.lowerBound
            let start = FamilyTime.millis(time.startOfDay(range.lowerBound))
            let end = FamilyTime.millis(time.startOfDay(range.upperBound))
            while cursor < events.count, events[cursor].at < start { cursor += 1 }
            var standing: JournalEvent?
            while cursor < events.count, events[cursor].at < end {
                standing = events[cursor]
                cursor += 1
            }
            let due = schedule.dueTime(of: chore, occurrence: occurrence)
            var period = HistoryPeriod(first: range.lowerBound, dueDay: due.day, memberID: nil, mark: .open, tick: nil, isCurrent: range == current)
            if period.isCurrent {
                let isDone = chore.isCurrentlyDone(in: schedule.periods)
                let tickEvent = isDone && standing?.kind == .done ? standing : nil
                period.tick = isDone ? (tickEvent.map(Self.date) ?? chore.modified) : nil
                period.mark = isDone ? Self.mark(period.tick, due) : .open
                period.memberID = tickEvent.map { $0.assignedTo } ?? chore.assigneeID
            } else if let standing, standing.kind == .done {
                period.tick = Self.date(standing)
                period.mark = Self.mark(period.tick, due)
                period.memberID = standing.assignedTo
            } else {
                period.mark = watch.watched(from: start, to: end) ? .missed : .unknown
                period.memberID = evidence.member(at: end)
            }
            periods.append(period)
        }
        let (streak, best) = Self.streaks(periods)
        return ChoreHistory(choreIndex: index, periods: periods, streak: streak, bestStreak: best)
    }

    /// A once chore's one period, from the store's flag, when it is dated and due in the range.
    private func oncePeriod(of chore: Chore, events: [JournalEvent]) -> HistoryPeriod? {
        guard let occurrence = schedule.currentOccurrence(of: chore) else { return nil }
        let due = schedule.dueTime(of: chore, occurrence: occurrence)
        guard due.day >= from, due.day < onceUntil else { return nil }
        let lastDone = events.last.flatMap { $0.kind == .done ? $0 : nil }
        let tick = chore.isDone ? (lastDone.map(Self.date) ?? chore.modified) : nil
        return HistoryPeriod(
            first: due.day, dueDay: due.day, memberID: chore.isDone ? (lastDone?.assignedTo ?? chore.assigneeID) : chore.assigneeID,
            mark: chore.isDone ? Self.mark(tick, due) : .open, tick: tick, isCurrent: true)
    }

    /// Done when ticked by the due time (before the end of the day for an all-day one), else
    /// late; done when the time of the tick is unknown.
    private static func mark(_ tick: Date?, _ due: (instant: Date, day: CivilDate, isEndOfDay: Bool)) -> HistoryMark {
        guard let tick else { return .done }
        return (due.isEndOfDay ? tick >= due.instant : tick > due.instant) ? .late : .done
    }

    private static func date(_ event: JournalEvent) -> Date {
        Date(timeIntervalSince1970: Double(event.at) / 1000)
    }

    /// The streak (done periods in a row up to the latest finished one, plus the current one if
    /// done) and the best run.
    static func streaks(_ periods: [HistoryPeriod]) -> (streak: Int, best: Int) {
        var best = 0
        var run = 0
        for period in periods {
            run = period.mark.isDone ? run + 1 : 0
            best = max(best, run)
        }
        var streak = 0
        for period in periods.reversed() {
            if period.isCurrent, !period.mark.isDone { continue }
            guard period.mark.isDone else { break }
            streak += 1
        }
        return (streak, best)
    }
}
