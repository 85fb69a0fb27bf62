import Foundation

/// The current day, week and month at one `now`: the periods SPEC §4 gives each recurrence.
/// Computed once per run, because asking the calendar per chore is the slow part with many chores.
public struct CurrentPeriods: Sendable {
    public let day: DateInterval
    public let week: DateInterval
    public let month: DateInterval

    public init(now: Date, calendar: Calendar) {
        day = calendar.dateInterval(of: .day, for: now)!
        week = calendar.dateInterval(of: .weekOfYear, for: now)!
        month = calendar.dateInterval(of: .month, for: now)!
    }

    /// The period the `isDone` flag of a chore with this recurrence speaks of; nil for once
    /// chores, whose one period lasts forever.
    public func period(for recurrence: Recurrence) -> DateInterval? {
        switch recurrence {
        case .once: return nil
        case .daily: return day
        case .weekly: return week
        case .monthly: return month
        }
    }
}
