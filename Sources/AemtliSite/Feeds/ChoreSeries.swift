import AemtliCore
import Foundation
import ICalendar

/// A chore cut into the VEVENTs that every engine we can run expands as SPEC §4 does (SPEC §5):
/// no BYSETPOS, which ical.js ignores (the 31st is the month's last day; the 29th and 30th leave
/// February out and February's last day is an event of its own), and each occurrence written in
/// a spring-forward gap taken out of its series and written at its real time.
struct ChoreSeries {
    private(set) var parts: [ChoreSeriesPart] = []
    private(set) var gapOccurrences: [GapOccurrence] = []

    /// `gaps`: the family zone's gaps in the span the feeds cover.
    init(_ chore: Chore, anchor: LocalDateTime, time: FamilyTime, gaps: [SpringForwardGap]) {
        let day = anchor.date.day
        let splitsFebruary = chore.recurrence == .monthly && (29...30).contains(day)
        // A chore first due on February 29 starts its months-but-February part in March.
        let timeOfDay = anchor.millisecondOfDay
        let mainStart =
            splitsFebruary && anchor.date.month == 2
            ? LocalDateTime(date: CivilDate(year: anchor.date.year, month: 3, day: day), millisecondOfDay: timeOfDay)
            : anchor
        let main = ChoreSeriesPart(
            suffix: "aemtli", start: mainStart, rule: Self.rule(chore.recurrence, day: day),
            months: splitsFebruary ? .allButFebruary : .all)
        var candidates = [main]
        if splitsFebruary {
            let year = anchor.date.month <= 2 ? anchor.date.year : anchor.date.year + 1
            let lastDay = CivilDate(year: year, month: 2, day: CivilDate.daysIn(month: 2, year: year))
            candidates.append(
                ChoreSeriesPart(
                    suffix: "feb.aemtli", start: LocalDateTime(date: lastDay, millisecondOfDay: timeOfDay),
                    rule: ICalendarRecurrenceRule(.yearly, byMonth: [2], byMonthDay: [-1]), months: .onlyFebruary))
        }
        // A part whose first occurrence lies after the deadline would still show it (DTSTART
        // always counts); the series' own start is left as it always was.
        parts = candidates.filter { part in
            guard part.start != anchor, let deadline = chore.deadline else { return true }
            return time.instant(part.start) <= deadline
        }
        if chore.recurrence != .once && !anchor.isMidnight {
            gapOccurrences = Self.gapOccurrences(chore, anchor: anchor, time: time, gaps: gaps)
        }
        for index in parts.indices {
            let part = parts[index]
            parts[index].excluded = gapOccurrences.filter { part.holds($0.written.date) }.map(\.excludedInstants)
        }
    }

    /// SPEC §4's recurrence as a rule without BYSETPOS; nil for a once chore.
    private static func rule(_ recurrence: Recurrence, day: Int) -> ICalendarRecurrenceRule? {
        switch recurrence {
        case .once: return nil
        case .daily: return ICalendarRecurrenceRule(.daily)
        case .weekly: return ICalendarRecurrenceRule(.weekly)
        case .monthly:
            switch day {
            case 31: return ICalendarRecurrenceRule(.monthly, byMonthDay: [-1])
            case 29, 30: return ICalendarRecurrenceRule(.monthly, byMonth: [1] + Array(3...12), byMonthDay: [day])
            default: return ICalendarRecurrenceRule(.monthly)
            }
        }
    }

    /// The series' occurrences whose written time falls in one of `gaps`, up to the deadline.
    private static func gapOccurrences(
        _ chore: Chore, anchor: LocalDateTime, time: FamilyTime,
        gaps: [SpringForwardGap]
    ) -> [GapOccurrence] {
        let anchorDay = anchor.date.daysSinceEpoch
        var result: [GapOccurrence] = []
        for gap in gaps {
            for day in gap.days(at: anchor.millisecondOfDay) where day >= anchorDay {
                let date = CivilDate(daysSinceEpoch: day)
                switch chore.recurrence {
                case .weekly: if (day - anchorDay) % 7 != 0 { continue }
                case .monthly:
                    let lastDay = CivilDate.daysIn(month: date.month, year: date.year)
                    if date.day != min(anchor.date.day, lastDay) { continue }
                case .daily, .once: break
                }
                let written = LocalDateTime(date: date, millisecondOfDay: anchor.millisecondOfDay)
                let (instant, real) = time.resolve(written)
                if real == written { continue }
                if let deadline = chore.deadline, instant > deadline { continue }
                result.append(GapOccurrence(written: written, real: real, gap: gap))
            }
        }
        return result
    }
}
