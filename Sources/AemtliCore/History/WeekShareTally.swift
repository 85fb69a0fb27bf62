/// Counts, for the weekly shares, each period due in the weeks once for its member (or the
/// unassigned chores) and once for the family; unknown periods count nowhere. One tally per run
/// of chores, on whichever core is free, then added up in order.
///
/// Rows are kept by member position, the previous period's member remembered: hashing each
/// period's member id took longer than building the periods.
struct WeekShareTally {
    /// The family, the unassigned chores, the family's members in order, then members no longer
    /// in the store that periods name, in the order first seen.
    private(set) var scopes: [HistoryScope]
    /// Done and due per row and week: `row * weekCount + week`.
    private var done: [Int]
    private var due: [Int]
    private let weekCount: Int
    /// Rows every tally of the family has: the family, the unassigned chores and its members.
    private let familyRows: Int
    private var others: [String: Int] = [:]
    private var last: (id: String, row: Int)?

    init(family: Family, weekCount: Int) {
        scopes = [.family, .unassigned] + family.members.map { .member($0.id) }
        self.weekCount = weekCount
        familyRows = scopes.count
        done = [Int](repeating: 0, count: scopes.count * weekCount)
        due = done
    }

    /// Counts `period` in `week` (0: the oldest) for the member it belongs to and the family.
    mutating func count(_ period: HistoryPeriod, week: Int, family: Family) {
        guard period.mark != .unknown, week >= 0, week < weekCount else { return }
        let row = period.memberID.map { self.row(of: $0, family: family) } ?? 1
        let isDone = period.mark.isDone ? 1 : 0
        due[week] += 1
        done[week] += isDone
        due[row * weekCount + week] += 1
        done[row * weekCount + week] += isDone
    }

    /// Adds `other`'s counts, its members no longer in the store after this one's.
    mutating func add(_ other: WeekShareTally) {
        for (row, scope) in other.scopes.enumerated() {
            var mine = row
            if row >= familyRows, case .member(let id) = scope { mine = others[id] ?? appendRow(for: id) }
            for week in 0..<weekCount {
                due[mine * weekCount + week] += other.due[row * weekCount + week]
                done[mine * weekCount + week] += other.done[row * weekCount + week]
            }
        }
    }

    /// The shares of each scope for each of `weeks`, oldest first. Two members with one id (a
    /// store the reader let through) share one row.
    func shares(weeks: [ISOWeek]) -> [HistoryScope: [WeekShare]] {
        var table: [HistoryScope: [WeekShare]] = [:]
        for (row, scope) in scopes.enumerated() {
            let counted = weeks.enumerated().map { WeekShare(week: $1, done: done[row * weekCount + $0], due: due[row * weekCount + $0]) }
            table[scope] = table[scope].map { zip($0, counted).map { WeekShare(week: $0.week, done: $0.done + $1.done, due: $0.due + $1.due) } } ?? counted
        }
        return table
    }

    private mutating func row(of id: String, family: Family) -> Int {
        if let last, last.id == id { return last.row }
        let row = family.position(ofMemberID: id).map { $0 + 2 } ?? others[id] ?? appendRow(for: id)
        last = (id, row)
        return row
    }

    private mutating func appendRow(for id: String) -> Int {
        scopes.append(.member(id))
        done += [Int](repeating: 0, count: weekCount)
        due += [Int](repeating: 0, count: weekCount)
        others[id] = scopes.count - 1
        return scopes.count - 1
    }
}
