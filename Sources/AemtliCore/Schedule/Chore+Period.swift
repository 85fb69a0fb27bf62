import Foundation

extension Chore {
    /// True when the chore is marked done but the record last changed before its current period
    /// began: the app has not reset the flag yet, so the current occurrence is not done.
    public func isDoneFlagStale(in periods: CurrentPeriods) -> Bool {
        isDone && periods.isStale(doneFlagSavedAt: modified, recurrence: recurrence)
    }

    /// Whether the current occurrence counts as done, stale flags discounted.
    public func isCurrentlyDone(in periods: CurrentPeriods) -> Bool {
        isDone && !isDoneFlagStale(in: periods)
    }
}
