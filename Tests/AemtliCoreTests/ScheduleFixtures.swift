import AemtliCore
import Foundation

/// Helpers that keep schedule tests readable: dates as text, chores in one line.
enum ScheduleFixtures {
    static func instant(_ text: String) -> Date {
        guard case .instant(let seconds)? = ISODateTime.parse(text) else { fatalError("not an instant: \(text)") }
        return Date(timeIntervalSince1970: seconds)
    }

    static func day(_ text: String) -> CivilDate {
        guard case .date(let year, let month, let day)? = ISODateTime.parse(text) else {
            fatalError("not a date: \(text)")
        }
        return CivilDate(year: year, month: month, day: day)
    }

    static func time(_ zone: String, around now: String = "2026-06-01T00:00:00Z") -> FamilyTime {
        FamilyTime(timeZone: TimeZone(identifier: zone)!, around: instant(now))
    }

    /// A chore due at local wall-clock `due` ("2026-03-27T02:30") in `time`'s zone.
    static func chore(
        _ recurrence: Recurrence, due: String?, in time: FamilyTime, deadline: String? = nil, done: Bool = false,
        modified: String? = nil, id: String = "C1", assignee: String? = nil
    ) -> Chore {
        Chore(
            id: id, title: "T", assigneeID: assignee, dueDate: due.map { local($0, in: time) }, isDone: done,
            recurrence: recurrence, createdAt: instant("2020-01-01T00:00:00Z"),
            deadline: deadline.map { local($0, in: time) }, modified: modified.map(instant))
    }

    static func local(_ text: String, in time: FamilyTime) -> Date {
        switch ISODateTime.parse(text) {
        case .local(let y, let mo, let d, let h, let mi, let s)?:
            return time.instant(
                LocalDateTime(date: CivilDate(year: y, month: mo, day: d), hour: h, minute: mi, second: s))
        case .date(let y, let mo, let d)?:
            return time.startOfDay(CivilDate(year: y, month: mo, day: d))
        default:
            return instant(text)
        }
    }

    /// Occurrences as "local wall-clock = UTC instant" lines, e.g. "2026-03-29T03:30 = 01:30Z".
    static func expand(_ chore: Chore, _ from: String, _ to: String, in time: FamilyTime) -> [String] {
        chore.occurrences(from: day(from), to: day(to), in: time).map { occurrence in
            let utc = FamilyTime(timeZone: TimeZone(identifier: "UTC")!, around: occurrence.start).local(
                occurrence.start)
            return "\(occurrence.local) = \(utc)Z" + (occurrence.isAllDay ? " all-day" : "")
        }
    }
}
