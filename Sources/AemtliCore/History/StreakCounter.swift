/// The streak and the best streak of one chore, counted period by period, oldest first: the
/// streak is the done periods in a row up to the latest finished one, plus the current one if
/// done; the best is the longest run of done periods.
struct StreakCounter {
    private(set) var best = 0
    private var run = 0
    /// The run before the current period, when it is not done (it neither counts nor breaks).
    private var before: Int?

    mutating func add(isDone: Bool, isCurrent: Bool) {
        if isCurrent, !isDone { before = run }
        run = isDone ? run + 1 : 0
        best = max(best, run)
    }

    var streak: Int { before ?? run }
}
