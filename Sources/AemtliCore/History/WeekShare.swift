/// The share of due periods done in one week, for one member, the unassigned chores, or the family.
public struct WeekShare: Equatable, Sendable {
    public var week: ISOWeek
    /// Periods done (on time or late).
    public var done: Int
    /// Periods known: done, late, missed or open. Unknown ones are left out.
    public var due: Int

    public init(week: ISOWeek, done: Int = 0, due: Int = 0) {
        self.week = week
        self.done = done
        self.due = due
    }

    /// Counts one known period: due, and done when it was done on time or late.
    mutating func count(_ mark: HistoryMark) {
        due += 1
        done += mark.isDone ? 1 : 0
    }

    /// Done as a whole percentage, rounded half up; nil when nothing known was due.
    public var percentage: Int? {
        Progress(done: done, total: due).percentage
    }
}

/// Whose shares: one member's, the unassigned chores', or the whole family's.
public enum HistoryScope: Hashable, Sendable {
    case family
    case member(String)
    case unassigned
}
