import Foundation

/// One chore's periods from `from` to the current one, marked by README's rules: a tick standing
/// at the end of a finished period is done or late; else missed when watched, unknown when not;
/// the current period comes from the store's flag. Periods before `windowStart` count towards
/// the streaks only, so they are judged by what stands at their end and nothing else.
struct ChoreHistoryBuilder {
    let schedule: Schedule
    let watch: SyncWatch
    /// The first local date whose periods are looked at (for streaks).
    let from: CivilDate
    /// The first local date whose periods are listed: the first day of the weeks asked for.
    let windowStart: CivilDate
    /// Once chores are listed when their due day lies before this date.
    let onceUntil: CivilDate

    private var time: FamilyTime { schedule.time }

    /// `ticks` are the chore's events, ascending by time (ties in file order); nil when the chore
    /// has no period at all.
    func history(of chore: Chore, index: Int, events ticks: [JournalEvent]) -> ChoreHistory? {
        guard let current = schedule.periods.period(for: chore.recurrence) else {
            return oncePeriod(of: chore, ticks: ticks).map {
                ChoreHistory(choreIndex: index, periods: [$0], streak: nil, bestStreak: nil)
            }
        }
        let evidence = AssigneeEvidence(ticks: ticks, store: (chore.modified?.millis, chore.assigneeID))
        var periods: [HistoryPeriod] = []
        var streaks = StreakCounter()
        var any = false
        var cursor = ticks.startIndex
        var lastFirst: CivilDate?
        chore.forEachOccurrence(from: from, to: current.upperBound, in: time) { occurrence in
            let day = occurrence.date
            let range = CurrentPeriods.period(containing: day, chore.recurrence, weekStart: time.weekStart)
            if range.lowerBound == lastFirst { return }  // a skipped day can put two in one period
            lastFirst = range.lowerBound
            any = true
            let start = time.startOfDay(range.lowerBound).millis
            let end = time.startOfDay(range.upperBound).millis
            while cursor < ticks.endIndex, ticks[cursor].at < start { cursor += 1 }
            var standing: JournalEvent?
            while cursor < ticks.endIndex, ticks[cursor].at < end {
                standing = ticks[cursor]
                cursor += 1
            }
            // One recurrence's periods are equal when their first days are.
            let isCurrent = range.lowerBound == current.lowerBound
            // A recurring chore is due on its occurrence's day.
            guard isCurrent || day >= windowStart else {
                return streaks.add(isDone: standing?.kind == .done, isCurrent: false)
            }
            let due = schedule.dueTime(of: chore, occurrence: occurrence)
            var period = HistoryPeriod(
                first: range.lowerBound, dueDay: due.day, memberID: nil, mark: .open, tick: nil, isCurrent: isCurrent)
            if isCurrent {
                let isDone = chore.isCurrentlyDone(in: schedule.periods)
                let tick = isDone && standing?.kind == .done ? standing : nil
                period.tick = isDone ? (tick.map(Self.date) ?? chore.modified) : nil
                period.mark = isDone ? Self.mark(period.tick, due) : .open
                period.memberID = tick.map(\.assignedTo) ?? chore.assigneeID
            } else if let standing, standing.kind == .done {
                period.tick = Self.date(standing)
                period.mark = Self.mark(period.tick, due)
                period.memberID = standing.assignedTo
            } else {
                period.mark = watch.watched(from: start, to: end) ? .missed : .unknown
                period.memberID = evidence.member(at: end)
            }
            streaks.add(isDone: period.mark.isDone, isCurrent: isCurrent)
            periods.append(period)
        }
        guard any else { return nil }
        return ChoreHistory(choreIndex: index, periods: periods, streak: streaks.streak, bestStreak: streaks.best)
    }

    /// A once chore's one period, from the store's flag, when it is dated and due in the range.
    private func oncePeriod(of chore: Chore, ticks: [JournalEvent]) -> HistoryPeriod? {
        guard let occurrence = schedule.currentOccurrence(of: chore) else { return nil }
        let due = schedule.dueTime(of: chore, occurrence: occurrence)
        guard due.day >= from, due.day < onceUntil else { return nil }
        let lastDone = ticks.last.flatMap { $0.kind == .done ? $0 : nil }
        let tick = chore.isDone ? (lastDone.map(Self.date) ?? chore.modified) : nil
        return HistoryPeriod(
            first: due.day, dueDay: due.day,
            memberID: chore.isDone ? (lastDone?.assignedTo ?? chore.assigneeID) : chore.assigneeID,
            mark: chore.isDone ? Self.mark(tick, due) : .open, tick: tick, isCurrent: true)
    }

    /// Done when ticked by the due time (before the end of the day for an all-day one), else
    /// late; done when the time of the tick is unknown.
    private static func mark(_ tick: Date?, _ due: (instant: Date, day: CivilDate, isEndOfDay: Bool)) -> HistoryMark {
        guard let tick else { return .done }
        return (due.isEndOfDay ? tick >= due.instant : tick > due.instant) ? .late : .done
    }

    private static func date(_ tick: JournalEvent) -> Date {
        Date(millis: tick.at)
    }
}
