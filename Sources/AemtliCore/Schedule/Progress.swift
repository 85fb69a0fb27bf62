/// How far along a member (or the family, or the unassigned chores) is this week (SPEC §4).
public struct Progress: Equatable, Sendable {
    public var done: Int
    public var total: Int
    /// Items whose status is overdue; they count in `total` too.
    public var overdue: Int

    public init(done: Int = 0, total: Int = 0, overdue: Int = 0) {
        self.done = done
        self.total = total
        self.overdue = overdue
    }

    /// Done items as a whole percentage, rounded half up; nil when there is nothing to do.
    public var percentage: Int? {
        guard total > 0 else { return nil }
        return (done * 200 + total) / (total * 2)
    }
}
