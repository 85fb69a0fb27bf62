import AemtliCore
import Mustache

/// A member page's "Next 14 days", from tomorrow (today's chores are in "This week" above): each
/// daily chore once, as "every day at 07:00" with the days it differs (a time moved by a clock
/// change, the day the series ends), then the other occurrences under their day's heading.
struct MemberDays {
    let site: Site
    let rows: ChoreRows

    /// `agenda` holds the member's chores from today for 14 days.
    func values(_ agenda: Agenda) -> MustacheObject {
        let schedule = site.schedule
        let words = site.words
        let tomorrow = schedule.today.adding(days: 1)
        var daily: [Int: [Occurrence]] = [:]
        var dailyOrder: [Int] = []
        var days: [(CivilDate, [MustacheValue])] = []
        for entry in agenda.entries where entry.occurrence.date >= tomorrow {
            let chore = agenda.chore(of: entry)
            if chore.recurrence == .daily {
                if daily[entry.choreIndex] == nil { dailyOrder.append(entry.choreIndex) }
                daily[entry.choreIndex, default: []].append(entry.occurrence)
                continue
            }
            let row = MustacheValue.object(
                rows.row(
                    chore, occurrence: entry.occurrence, status: entry.status, showMember: false, showDay: false,
                    withCountdown: false))
            if days.last?.0 == entry.occurrence.date {
                days[days.count - 1].1.append(row)
            } else {
                days.append((entry.occurrence.date, [row]))
            }
        }
        let everyDay: [MustacheValue] = dailyOrder.map { index in
            let chore = agenda.family.chores[index]
            return everyDayRow(chore, occurrences: daily[index] ?? [], lastDay: schedule.today.adding(days: 13))
        }
        return [
            "everyDay": .list(everyDay), "hasEveryDay": .bool(!everyDay.isEmpty),
            "days": .list(
                days.map { day, rows in
                    var heading = words.longDate(day)
                    if schedule.today.days(to: day) == 1 { heading += " (\(words.countdown(1)))" }
                    return ["heading": .string(heading), "id": .string("day-\(day)"), "rows": .list(rows)]
                }),
            "hasDays": .bool(!days.isEmpty || !everyDay.isEmpty),
        ]
    }

    /// "every day at 07:00", then the exceptions: "(29 March at 03:30)", "until 21 November".
    private func everyDayRow(_ chore: Chore, occurrences: [Occurrence], lastDay: CivilDate) -> MustacheValue {
        let words = site.words
        let anchor = site.schedule.time.local(chore.anchor)
        var when =
            anchor.isMidnight ? words[.everyDayAllDay] : words[.everyDayAt] + " " + words.time(anchor, allDay: false)
        for occurrence in occurrences
        where !occurrence.isAllDay && occurrence.local.millisecondOfDay != anchor.millisecondOfDay {
            when += " (\(words.dayAndMonth(occurrence.local.date)), \(words.time(occurrence.local, allDay: false)))"
        }
        if let last = occurrences.last, last.date < lastDay {
            when += ", \(words[.untilDay]) \(words.dayAndMonth(last.date))"
        }
        var row = rows.row(
            chore, occurrence: nil, status: .upcoming, showMember: false, showDay: false, withCountdown: false)
        row["when"] = .string(when)
        row["statusLabel"] = .string(words.recurrence(.daily))
        row["symbol"] = "↻"
        row["recurrence"] = .null
        return .object(row)
    }
}
