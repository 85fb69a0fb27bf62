import Foundation

/// Everything SPEC §4 derives from the family's chores at one `now`: current occurrences,
/// statuses, countdowns and progress. Now, zone and week start are given; nothing is read.
public struct Schedule: Sendable {
    public let time: FamilyTime
    public let now: Date
    public let today: CivilDate
    public let periods: CurrentPeriods
    public let dueSoonDays: Int

    public init(time: FamilyTime, now: Date, dueSoonDays: Int = 3) {
        self.time = time
        self.now = now
        self.today = time.today(at: now)
        self.periods = CurrentPeriods(now: now, time: time)
        self.dueSoonDays = dueSoonDays
    }

    /// The occurrence the chore's status speaks of: a once chore's only one; for a series, the
    /// one in the current period, else (before the series starts) the next one. Nil for an
    /// undated once chore and for a series that has ended.
    public func currentOccurrence(of chore: Chore) -> Occurrence? {
        guard let period = periods.period(for: chore.recurrence) else {
            return chore.occurrences(
                from: CivilDate(year: 1, month: 1, day: 1), to: CivilDate(year: 9999, month: 12, day: 31), in: time
            ).first
        }
        if let current = chore.occurrence(in: period, time: time) { return current }
        let anchorDate = time.local(chore.anchor).date
        guard anchorDate >= period.upperBound else { return nil }
        return chore.nextOccurrence(onOrAfter: anchorDate, in: time)
    }

    /// When the chore's current occurrence is due: a once chore's deadline if it has one, else the
    /// occurrence's start; the end of the day for an all-day occurrence.
    public func dueTime(of chore: Chore, occurrence: Occurrence) -> (instant: Date, day: CivilDate, isEndOfDay: Bool) {
        if chore.recurrence == .once, let deadline = chore.deadline {
            let local = time.local(deadline)
            if local.isMidnight { return (time.startOfDay(local.date.adding(days: 1)), local.date, true) }
            return (deadline, local.date, false)
        }
        if occurrence.isAllDay { return (time.startOfDay(occurrence.date.adding(days: 1)), occurrence.date, true) }
        return (occurrence.start, occurrence.date, false)
    }

    /// SPEC §4's status of the chore at now; nil for a series that has ended.
    public func status(of chore: Chore) -> ChoreStatus? {
        guard let occurrence = currentOccurrence(of: chore) else {
            return chore.recurrence == .once ? .undated : nil
        }
        let inCurrentPeriod = periods.period(for: chore.recurrence).map { $0.contains(occurrence.date) } ?? true
        if inCurrentPeriod, chore.isCurrentlyDone(in: periods) { return .done }
        let due = dueTime(of: chore, occurrence: occurrence)
        if due.isEndOfDay ? now >= due.instant : now > due.instant { return .overdue }
        let countdown = today.days(to: due.day)
        if countdown <= 0 { return .dueToday }
        return countdown <= dueSoonDays ? .dueSoon : .upcoming
    }

    /// Local calendar days from today to the current occurrence's due day (0 today, negative
    /// when overdue); nil when there is no current occurrence.
    public func countdown(of chore: Chore) -> Int? {
        guard let occurrence = currentOccurrence(of: chore) else { return nil }
        return today.days(to: dueTime(of: chore, occurrence: occurrence).day)
    }

    /// The status an agenda shows for one occurrence: §4's for the current one, `past` or
    /// `upcoming` for occurrences of other periods.
    public func status(of chore: Chore, occurrence: Occurrence) -> ChoreStatus {
        guard let period = periods.period(for: chore.recurrence), !period.contains(occurrence.date) else {
            return status(of: chore) ?? .upcoming
        }
        return occurrence.date < period.lowerBound ? .past : .upcoming
    }

    /// Progress for the current week over `chores` (SPEC §4, as changed on 2026-11-23): what the
    /// family sees as this week's chores. Each chore whose current occurrence is due this week
    /// (its due day lies in the current week), each whose current occurrence is overdue and open,
    /// and each once chore marked done this week. A monthly chore due in another week of the
    /// month is not counted this week.
    public func progress(of chores: [Chore]) -> Progress {
        var progress = Progress()
        let weekStart = time.startOfDay(periods.week.lowerBound)
        let weekEnd = time.startOfDay(periods.week.upperBound)
        for chore in chores {
            guard let occurrence = currentOccurrence(of: chore) else { continue }
            let status = status(of: chore)
            let dueThisWeek = periods.week.contains(dueTime(of: chore, occurrence: occurrence).day)
            let doneThisWeek =
                chore.recurrence == .once && chore.isDone
                && chore.modified.map { $0 >= weekStart && $0 < weekEnd } == true
            guard dueThisWeek || status == .overdue || doneThisWeek else { continue }
            progress.total += 1
            if status == .done { progress.done += 1 }
            if status == .overdue { progress.overdue += 1 }
        }
        return progress
    }
}
