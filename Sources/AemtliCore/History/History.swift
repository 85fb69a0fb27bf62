import Foundation

/// What the completion journal says happened to each chore, period by period, and the weekly
/// shares and streaks drawn from it (README "History and streaks"). Computed from the family, the
/// parsed journal and the schedule's now; no files, no clock.
public struct History: Sendable {
    public let family: Family
    /// The weeks asked for, oldest first, the current one last.
    public let weeks: [ISOWeek]
    /// The first local day of the oldest week.
    public let windowStart: CivilDate
    /// Every chore that has a period since the journal began or in the weeks, in order of id;
    /// each lists the periods of the weeks only (older ones count towards its streaks).
    public let chores: [ChoreHistory]
    /// When the first and the latest sync ran; nil before the first `aemtli sync`.
    public let firstSync: Date?
    public let lastSync: Date?
    private let shareTable: [HistoryScope: [WeekShare]]
    /// Positions in `chores` by the member the chore has now (nil: unassigned), gathered once:
    /// asking per member by filtering every chore was quadratic in members.
    private let positionsByMember: [[Int]]

    /// History over `family` at `schedule`'s now, for the last `weeks` weeks (the current one
    /// included); streaks reach back to the journal's first line.
    public init(family: Family, journal: CompletionJournal, schedule: Schedule, weeks count: Int) {
        let time = schedule.time
        let current = ISOWeek(containing: schedule.today, weekStart: time.weekStart)
        let weeks = (0..<max(1, count)).reversed().map { current.adding(weeks: -$0) }
        let windowStart = weeks[0].days(time.weekStart)[0]
        let windowEnd = windowStart.adding(days: 7 * weeks.count)
        let beginning = (journal.syncs.first.map { [$0] } ?? []) + (journal.ticks.lazy.map(\.at).min().map { [$0] } ?? [])
        let beganDay = beginning.min().map { time.local(Date(timeIntervalSince1970: Double($0) / 1000)).date }
        // A month before the day the journal began holds the start of that day's period of any kind.
        let from = min(windowStart, beganDay.map { $0.startOfMonth.adding(days: -7) } ?? windowStart)
        let builder = ChoreHistoryBuilder(
            schedule: schedule, watch: SyncWatch(syncs: journal.syncs), from: from, windowStart: windowStart, onceUntil: windowEnd,
            dayStarts: DayStarts(from: from, through: max(windowEnd, schedule.periods.month.upperBound), time: time),
            journal: journal)
        let byChore = JournalByChore(journal, ids: family.chores.map(\.id))
        let chores = family.chores
        let chunks = ParallelMap.chunks(chores.count, size: 256) { range in
            range.compactMap { builder.history(of: chores[$0], index: $0, ticks: byChore.ticks(of: chores[$0].id)) }
        }
        self.family = family
        self.weeks = weeks
        self.windowStart = windowStart
        self.chores = chunks.flatMap { $0 }
        self.firstSync = journal.syncs.first.map { Date(timeIntervalSince1970: Double($0) / 1000) }
        self.lastSync = journal.syncs.last.map { Date(timeIntervalSince1970: Double($0) / 1000) }
        self.shareTable = Self.shares(of: self.chores, family: family, weeks: weeks, windowStart: windowStart)
        var positions = [[Int]](repeating: [], count: family.members.count + 1)  // 0: unassigned
        for (position, chore) in self.chores.enumerated() {
            positions[family.chores[chore.choreIndex].assigneeID.flatMap(family.position(ofMemberID:)).map { $0 + 1 } ?? 0].append(position)
        }
        self.positionsByMember = positions
    }

    /// The shares of `scope` for each of `weeks`, oldest first.
    public func shares(_ scope: HistoryScope) -> [WeekShare] {
        shareTable[scope] ?? weeks.map { WeekShare(week: $0) }
    }

    /// The chore's periods whose due day lies in the weeks asked for, plus its current one.
    public func periodsInWeeks(_ chore: ChoreHistory) -> [HistoryPeriod] {
        chore.periods.filter { $0.isCurrent || $0.dueDay >= windowStart }
    }

    /// The histories of the chores `memberID` has now (nil: the unassigned ones), in order of id.
    public func chores(assignedTo memberID: String?) -> [ChoreHistory] {
        let row = memberID.map { family.position(ofMemberID: $0).map { $0 + 1 } } ?? 0
        return (row.map { positionsByMember[$0] } ?? []).map { chores[$0] }
    }

    /// The weekly shares, counted in runs of chores on all cores (`WeekShareTally`).
    private static func shares(of chores: [ChoreHistory], family: Family, weeks: [ISOWeek], windowStart: CivilDate) -> [HistoryScope: [WeekShare]] {
        let firstDay = windowStart.daysSinceEpoch
        let tallies = ParallelMap.chunks(chores.count, size: 1024) { range in
            var tally = WeekShareTally(family: family, weekCount: weeks.count)
            for chore in chores[range] {
                for period in chore.periods where period.dueDay >= windowStart {
                    tally.count(period, week: (period.dueDay.daysSinceEpoch - firstDay) / 7, family: family)
                }
            }
            return tally
        }
        var total = WeekShareTally(family: family, weekCount: weeks.count)
        tallies.forEach { total.add($0) }
        return total.shares(weeks: weeks)
    }
}
