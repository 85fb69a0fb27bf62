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
    /// Positions in `chores` by the member id the chore has now (nil: unassigned).
    private let positionsByMember: [String?: [Int]]

    /// History over `family` at `schedule`'s now, for the last `weeks` weeks (the current one
    /// included); streaks reach back to the journal's first line.
    public init(family: Family, journal: CompletionJournal, schedule: Schedule, weeks count: Int) {
        let time = schedule.time
        let current = ISOWeek(containing: schedule.today, weekStart: time.weekStart)
        let weeks = (0..<max(1, count)).reversed().map { current.adding(weeks: -$0) }
        let windowStart = weeks[0].days(time.weekStart)[0]
        let windowEnd = windowStart.adding(days: 7 * weeks.count)
        let beginning = [journal.syncs.first, journal.events.lazy.map(\.at).min()].compactMap { $0 }.min()
        let beganDay = beginning.map { time.local(Date(millis: $0)).date }
        // A month before the day the journal began holds the start of that day's period of any kind.
        let from = min(windowStart, beganDay.map { $0.startOfMonth.adding(days: -7) } ?? windowStart)
        let builder = ChoreHistoryBuilder(
            schedule: schedule, watch: SyncWatch(syncs: journal.syncs), from: from, windowStart: windowStart,
            onceUntil: windowEnd)
        // Each chore's events ascending by time, ties in file order (the sort is stable).
        let byChore = Dictionary(grouping: journal.events, by: \.choreID).mapValues { $0.sorted { $0.at < $1.at } }
        self.family = family
        self.weeks = weeks
        self.windowStart = windowStart
        let chores = family.chores.indices.compactMap { index in
            builder.history(of: family.chores[index], index: index, events: byChore[family.chores[index].id] ?? [])
        }
        self.chores = chores
        self.firstSync = journal.syncs.first.map(Date.init(millis:))
        self.lastSync = journal.syncs.last.map(Date.init(millis:))
        self.shareTable = Self.shares(of: chores, weeks: weeks, windowStart: windowStart)
        self.positionsByMember = Dictionary(grouping: chores.indices) {
            family.chores[chores[$0].choreIndex].assigneeID
        }
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
        (positionsByMember[memberID] ?? []).map { chores[$0] }
    }

    /// Each period due in the weeks counts once for its member (or the unassigned chores) and once
    /// for the family; unknown periods count nowhere.
    private static func shares(
        of chores: [ChoreHistory], weeks: [ISOWeek], windowStart: CivilDate
    ) -> [HistoryScope: [WeekShare]] {
        var table: [HistoryScope: [WeekShare]] = [:]
        for chore in chores {
            for period in chore.periods where period.dueDay >= windowStart && period.mark != .unknown {
                let week = windowStart.days(to: period.dueDay) / 7
                guard week < weeks.count else { continue }
                for scope in [HistoryScope.family, period.memberID.map(HistoryScope.member) ?? .unassigned] {
                    table[scope, default: weeks.map { WeekShare(week: $0) }][week].count(period.mark)
                }
            }
        }
        return table
    }
}
