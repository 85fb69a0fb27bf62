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
    /// Which months' occurrences this part holds.
    let months: Months

    enum Months {
        case all
        case onlyFebruary
        case allButFebruary
    }

    init(suffix: String, start: LocalDateTime, rule: ICalendarRecurrenceRule?, months: Months = .all) {
        self.suffix = suffix
        self.start = start
        self.rule = rule
        self.months = months
    }

    /// Whether an occurrence on `date` is this part's to expand (and to override or exclude).
    func holds(_ date: CivilDate) -> Bool {
        switch months {
        case .all: return true
        case .onlyFebruary: return date.month == 2
        case .allButFebruary: return date.month != 2
        }
    }
}
