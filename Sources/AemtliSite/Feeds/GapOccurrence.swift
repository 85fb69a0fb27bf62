import AemtliCore
import Foundation

/// An occurrence whose written time falls in a spring-forward gap: taken out of its series and
/// written as an event of its own at the time it really is (SPEC §5, "Gap days").
struct GapOccurrence {
    /// The time the series names (02:30) and the one it is (03:30).
    let written: LocalDateTime
    let real: LocalDateTime
    let gap: SpringForwardGap

    /// What follows `@` in the event's UID: the written day, which stays the same from build to
    /// build, unlike the chore's other occurrences, of which there is one a day at most.
    var suffix: String {
        let date = written.date
        return String(format: "%04d%02d%02d.gap.aemtli", date.year, date.month, date.day)
    }

    /// The instants an EXDATE must name so that no engine still shows it in the series.
    var excludedInstants: [Date] { gap.instants(of: written) }
}
