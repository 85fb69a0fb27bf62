import Foundation

extension Chore {
    /// The period the app's `isDone` flag speaks of at `now` (SPEC §4): the local day, week or
    /// month; nil for a once chore, whose one period lasts forever.
    public func currentPeriod(at now: Date, calendar: Calendar) -> DateInterval? {
        switch recurrence {
        case .once: return nil
        case .daily: return calendar.dateInterval(of: .day, for: now)
        case .weekly: return calendar.dateInterval(of: .weekOfYear, for: now)
        case .monthly: return calendar.dateInterval(of: .month, for: now)
        }
    }

    /// True when the chore is marked done but the record last changed before its current period
    /// began: the app has not reset the flag yet, so the current occurrence is not done.
    public func isDoneFlagStale(at now: Date, calendar: Calendar) -> Bool {
        guard isDone, let modified, let period = currentPeriod(at: now, calendar: calendar) else { return false }
        return modified < period.start
    }

    /// Whether the current occurrence counts as done at `now`, stale flags discounted.
    public func isCurrentlyDone(at now: Date, calendar: Calendar) -> Bool {
        isDone && !isDoneFlagStale(at: now, calendar: calendar)
    }
}
