import Foundation

/// The first day of the family's week (SPEC §3: ISO Monday unless configured to Sunday).
public enum WeekStart: String, CaseIterable, Sendable {
    case monday
    case sunday
}

extension Calendar {
    /// The Gregorian calendar all wall-clock reasoning uses: the family's zone and week start,
    /// ISO week numbering, and no dependence on the process's locale or zone.
    public static func family(timeZone: TimeZone, weekStart: WeekStart = .monday) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.locale = Locale(identifier: "en_US_POSIX")
        calendar.firstWeekday = weekStart == .monday ? 2 : 1
        calendar.minimumDaysInFirstWeek = 4
        return calendar
    }
}
