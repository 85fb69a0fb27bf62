import AemtliCore
import Foundation

/// What the site shows of History, per member: a grid of the weeks' days with each period's mark
/// on its due day, the weekly shares (for a bar chart), the current streaks and last week's
/// share. Built once from `History`; pages and the command line's text read it.
public struct HistoryFacts: Sendable {
    public struct ChoreRow: Sendable {
        public var chore: Chore
        /// Seven days per week (from the family's week start): the mark of the period due that
        /// day, nil where none is. A current period due after the last day shows on it.
        public var days: [WeekMarks]
        public var streak: Int?
        public var bestStreak: Int?
    }

    public struct Section: Sendable {
        /// Nil for the unassigned chores.
        public var member: FamilyMember?
        public var slug: String?
        /// The chores the member has now, in order of id.
        public let rows: [ChoreRow]
        /// The shares of the periods that were the member's, one per week, oldest first.
        public var shares: [WeekShare]
        /// The share of the week before the current one; nil with a single week.
        public var lastWeek: WeekShare? { shares.count >= 2 ? shares[shares.count - 2] : nil }
        /// Positions in `rows` of the chores with a streak, in the order of `streaks`: sorted once
        /// here, on the core that built the section, not for each page that shows them.
        private let streakOrder: [Int]

        init(member: FamilyMember?, slug: String?, rows: [ChoreRow], shares: [WeekShare]) {
            self.member = member
            self.slug = slug
            self.rows = rows
            self.shares = shares
            streakOrder = rows.indices.filter { (rows[$0].streak ?? 0) > 0 }
                .sorted { (rows[$0].streak ?? 0, rows[$1].chore.title) > (rows[$1].streak ?? 0, rows[$0].chore.title) }
        }

        /// Recurring chores with a streak of at least one, longest first, then by title.
        public var streaks: [ChoreRow] { leadingStreaks(streakOrder.count) }

        /// The first `count` of `streaks`.
        public func leadingStreaks(_ count: Int) -> [ChoreRow] {
            streakOrder.prefix(count).map { rows[$0] }
        }
    }

    /// When the first `aemtli sync` ran: the weeks before its day are not drawn on the pages.
    public let firstSync: Date?
    /// False before the first `aemtli sync`: pages then say that history begins with it.
    public var hasBegun: Bool { firstSync != nil }
    public let weeks: [ISOWeek]
    /// Each member in order of id, then the unassigned chores when there are any.
    public let sections: [Section]
    public let familyShares: [WeekShare]
    /// The family the sections were built for: its member positions are the sections' indices.
    private let family: Family

    public init(history: History) {
        firstSync = history.firstSync
        weeks = history.weeks
        familyShares = history.shares(.family)
        let family = history.family
        self.family = family
        var sections = family.members.indices.map { position in
            let member = family.members[position]
            return Section(
                member: member, slug: family.slugs[position],
                rows: Self.rows(history, history.chores(assignedTo: member.id)),
                shares: history.shares(.member(member.id)))
        }
        let unassigned = history.chores(assignedTo: nil)
        if !unassigned.isEmpty {
            sections.append(
                Section(
                    member: nil, slug: nil, rows: Self.rows(history, unassigned), shares: history.shares(.unassigned)))
        }
        self.sections = sections
    }

    /// How many of the leading weeks end before the local day of the first sync: no sync watched
    /// them, so they would be rows of unknown marks. Pages and `aemtli history` do not draw them,
    /// and say when history began; the week of the first sync and those after it are drawn as
    /// they are, and so is the current week, always.
    public func weeksBeforeFirstSync(_ time: FamilyTime) -> Int {
        guard let firstSync else { return 0 }
        let began = time.local(firstSync).date
        return weeks.dropLast().prefix { ($0.days(time.weekStart).last ?? began) < began }.count
    }

    /// The one-character mark a grid shows, the same in every language (legend: `historyLegend`).
    public static func symbol(_ mark: HistoryMark?) -> String {
        switch mark {
        case .done?: return "✓"
        case .late?: return "!"
        case .missed?: return "✗"
        case .unknown?: return "·"
        case .open?: return "○"
        case nil: return " "
        }
    }

    /// The section of the member `id`: the member's position in the family, as built.
    public func section(memberID id: String) -> Section? {
        family.position(ofMemberID: id).map { sections[$0] }
    }

    private static func rows(_ history: History, _ chores: [ChoreHistory]) -> [ChoreRow] {
        let dayCount = history.weeks.count * 7
        let firstDay = history.windowStart.daysSinceEpoch
        return chores.map { chore in
            var days = [WeekMarks](repeating: WeekMarks(), count: history.weeks.count)
            for period in chore.periods {  // the periods in the weeks, as `History.periodsInWeeks`
                let day = period.dueDay.daysSinceEpoch - firstDay
                guard day >= 0 else { continue }
                let shown = min(day, dayCount - 1)
                days[shown / 7][shown % 7] = period.mark
            }
            return ChoreRow(
                chore: history.family.chores[chore.choreIndex], days: days, streak: chore.streak,
                bestStreak: chore.bestStreak)
        }
    }
}
