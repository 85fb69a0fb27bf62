/// One week of chores as the fridge chart shows it (SPEC §5's report): per member a grid of their
/// chores × the week's days, their progress, and the deadlines that fall in the week; then the
/// unassigned chores.
public struct WeeklyReport: Sendable {
    /// What one day of one chore shows.
    public enum Cell: Equatable, Sendable, CaseIterable {
        /// No occurrence that day.
        case none
        /// An occurrence to tick by hand.
        case box
        /// The current period's occurrence, known done.
        case done
        /// An occurrence whose due time has passed, not done.
        case overdue
    }

    public struct Row: Sendable {
        public var chore: Chore
        public var cells: [Cell]
    }

    public struct Deadline: Sendable {
        public var chore: Chore
        public var local: LocalDateTime
        /// Days from today (negative once passed).
        public var countdown: Int
    }

    public struct Section: Sendable {
        /// Nil for the unassigned chores.
        public var member: FamilyMember?
        public var rows: [Row]
        /// Progress for the week when it is the current week (SPEC §4 defines no other).
        public var progress: Progress?
        public var deadlines: [Deadline]
        /// Chores overdue from before this week (a once chore, or a monthly one earlier in the month).
        public var overdueBefore: [(chore: Chore, countdown: Int)]
    }

    public var week: ISOWeek
    public var days: [CivilDate]
    public var today: CivilDate
    public var isCurrentWeek: Bool
    public var sections: [Section]
}

extension Schedule {
    /// The report for `week`: a section per member (only `memberID` when given) in order of member
    /// id, then one for unassigned chores if there are any (none when a member is asked for).
    public func weeklyReport(of family: Family, week: ISOWeek, memberID: String? = nil) -> WeeklyReport {
        let days = week.days(time.weekStart)
        let isCurrent = days.contains(today)
        var sections: [WeeklyReport.Section] = []
        let chores = family.choresByAssignee()
        for member in family.members where memberID == nil || member.id == memberID {
            sections.append(section(member, chores[member.id] ?? [], days: days, isCurrent: isCurrent))
        }
        let unassigned = chores[nil] ?? []
        if memberID == nil, !unassigned.isEmpty {
            sections.append(section(nil, unassigned, days: days, isCurrent: isCurrent))
        }
        return WeeklyReport(week: week, days: days, today: today, isCurrentWeek: isCurrent, sections: sections)
    }

    private func section(
        _ member: FamilyMember?, _ chores: [Chore], days: [CivilDate], isCurrent: Bool
    ) -> WeeklyReport.Section {
        let range = days[0]..<days[6].adding(days: 1)
        var rows: [(start: Occurrence, row: WeeklyReport.Row)] = []
        var deadlines: [WeeklyReport.Deadline] = []
        var overdueBefore: [(Chore, Int)] = []
        for chore in chores {
            let occurrences = chore.occurrences(from: range.lowerBound, to: range.upperBound, in: time)
            if let first = occurrences.first {
                let cells = days.map { day -> WeeklyReport.Cell in
                    guard let occurrence = occurrences.first(where: { $0.date == day }) else { return .none }
                    switch status(of: chore, occurrence: occurrence) {
                    case .done: return .done
                    case .overdue: return .overdue
                    default: return .box
                    }
                }
                rows.append((first, WeeklyReport.Row(chore: chore, cells: cells)))
            } else if isCurrent, status(of: chore) == .overdue, let countdown = countdown(of: chore) {
                overdueBefore.append((chore, countdown))
            }
            if let deadline = chore.deadline {
                let local = time.local(deadline)
                if range.contains(local.date) {
                    deadlines.append(
                        WeeklyReport.Deadline(chore: chore, local: local, countdown: today.days(to: local.date)))
                }
            }
        }
        rows.sort { ($0.start.local, $0.row.chore.title) < ($1.start.local, $1.row.chore.title) }
        deadlines.sort { ($0.local, $0.chore.title) < ($1.local, $1.chore.title) }
        return WeeklyReport.Section(
            member: member, rows: rows.map(\.row), progress: isCurrent ? progress(of: chores) : nil,
            deadlines: deadlines, overdueBefore: overdueBefore)
    }
}
