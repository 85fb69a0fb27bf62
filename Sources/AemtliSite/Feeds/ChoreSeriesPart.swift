import AemtliCore
import Foundation
import ICalendar

/// One VEVENT of a chore's series: the series itself, or February's last day split off a monthly
/// chore on the 29th or 30th (SPEC §5). The rule is written without UNTIL, which the chore's
/// deadline adds.
struct ChoreSeriesPart {
    /// What follows `@` in the UID.
    let suffix: String
    let start: LocalDateTime
    let rule: ICalendarRecurrenceRule?
    /// For each occurrence at a gap time that this part would expand: the instants to exclude.
    var excluded: [[Date]] = []
    /// The months whose occurrences this part holds; nil for all.
    let months: ClosedRange<Int>?
    let leavesFebruaryOut: Bool

    init(
        suffix: String, start: LocalDateTime, rule: ICalendarRecurrenceRule?, onlyFebruary: Bool = false,
        leavesFebruaryOut: Bool = false
    ) {
        self.suffix = suffix
        self.start = start
        self.rule = rule
        self.months = onlyFebruary ? 2...2 : nil
        self.leavesFebruaryOut = leavesFebruaryOut
    }

    /// Whether an occurrence on `date` is this part's to expand (and to override or exclude).
    func holds(_ date: CivilDate) -> Bool {
        if let months { return months.contains(date.month) }
        return !(leavesFebruaryOut && date.month == 2)
    }
}
