import Foundation

/// The current day, week and month at one `now`, as ranges of local dates: the periods SPEC §4
/// gives each recurrence. Computed once per run.
public struct CurrentPeriods: Sendable {
    public let day: Range<CivilDate>
    public let week: Range<CivilDate>
    public let month: Range<CivilDate>
    private let starts: (day: Date, week: Date, month: Date)

    public init(now: Date, time: FamilyTime) {
        let today = time.today(at: now)
        day = Self.period(containing: today, .daily, weekStart: time.weekStart)
        week = Self.period(containing: today, .weekly, weekStart: time.weekStart)
        month = Self.period(containing: today, .monthly, weekStart: time.weekStart)
        starts = (time.startOfDay(day.lowerBound), time.startOfDay(week.lowerBound), time.startOfDay(month.lowerBound))
    }

    /// The day, week or month holding `date`, by the chore's recurrence; a once chore's is the day.
    public static func period(
        containing date: CivilDate, _ recurrence: Recurrence, weekStart: WeekStart
    ) -> Range<CivilDate> {
        switch recurrence {
        case .once, .daily: return date..<date.adding(days: 1)
        case .weekly:
            let first = date.startOfWeek(weekStart)
            return first..<first.adding(days: 7)
        case .monthly: return date.startOfMonth..<date.startOfMonth.adding(months: 1, day: 1)
        }
    }

    /// The period the `isDone` flag of a chore with this recurrence speaks of; nil for once
    /// chores, whose one period lasts forever.
    public func period(for recurrence: Recurrence) -> Range<CivilDate>? {
        switch recurrence {
        case .once: return nil
        case .daily: return day
        case .weekly: return week
        case .monthly: return month
        }
    }

    /// The instant the current period of this recurrence began.
    public func start(for recurrence: Recurrence) -> Date? {
        switch recurrence {
        case .once: return nil
        case .daily: return starts.day
        case .weekly: return starts.week
        case .monthly: return starts.month
        }
    }

    /// Whether a done flag last saved at `modified` speaks of an earlier period than the current
    /// one (SPEC §4: stale, the app has not reset it yet). Once chores have one period, so never.
    public func isStale(doneFlagSavedAt modified: Date?, recurrence: Recurrence) -> Bool {
        guard let modified, let start = start(for: recurrence) else { return false }
        return modified < start
    }
}
