import AemtliCore
import Mustache

/// The words of one language and the dates, times, statuses and counts written with them.
/// Written out in `WordTable`s rather than taken from the system's locale data, so output is the
/// same on every machine.
public struct Words: Sendable {
    public let language: Language
    private let table: any WordTable

    public init(_ language: Language) {
        self.language = language
        switch language {
        case .en: table = EnglishWords()
        case .de: table = GermanWords()
        case .fr: table = FrenchWords()
        case .it: table = ItalianWords()
        }
    }

    public subscript(_ phrase: Phrase) -> String { table.text(phrase) }

    /// Every phrase by its name, for templates (`labels.NAME`).
    public var labels: MustacheValue {
        .object(
            MustacheObject(
                Dictionary(uniqueKeysWithValues: Phrase.allCases.map { ($0.rawValue, MustacheValue.string(self[$0])) }))
        )
    }

    public func weekday(_ date: CivilDate) -> String { table.weekday(date.weekday) }

    /// "Mo" … "Su" / "Mo" … "So".
    public func shortWeekday(_ date: CivilDate) -> String { String(weekday(date).prefix(2)) }

    /// "25 March" / "25. März".
    public func dayAndMonth(_ date: CivilDate) -> String {
        table.dayNumber(date.day) + " " + table.month(date.month)
    }

    /// "Wednesday, 25 March" / "Mittwoch, 25. März" / "mercredi 25 mars".
    public func weekdayAndDate(_ date: CivilDate) -> String {
        weekday(date) + table.weekdaySeparator + dayAndMonth(date)
    }

    /// "Wednesday, 25 March 2026" / "Mittwoch, 25. März 2026" / "mercredi 25 mars 2026".
    public func longDate(_ date: CivilDate) -> String {
        "\(weekdayAndDate(date)) \(date.year)"
    }

    /// "History since the first sync on Thursday, 26 November." (with the year when `day` is not
    /// in `today`'s year): what pages and `aemtli history` say when the weeks before are not drawn.
    public func historySince(_ day: CivilDate, today: CivilDate) -> String {
        let date = day.year == today.year ? weekdayAndDate(day) : longDate(day)
        return self[.historySince] + " " + date + "."
    }

    /// "18:00", or "all day" / "ganztags".
    public func time(_ local: LocalDateTime, allDay: Bool) -> String {
        if allDay { return self[.allDay] }
        let hour = local.hour < 10 ? "0\(local.hour)" : "\(local.hour)"
        let minute = local.minute < 10 ? "0\(local.minute)" : "\(local.minute)"
        return "\(hour):\(minute)"
    }

    /// "Week 13, 23–29 March 2026" / "Woche 13, 23.–29. März 2026" (months and years shown where they differ).
    public func weekTitle(_ week: ISOWeek, days: [CivilDate]) -> String {
        guard let first = days.first, let last = days.last else { return "\(self[.week]) \(week.week)" }
        var start = table.dayNumber(first.day)
        if first.month != last.month { start += " " + table.month(first.month) }
        if first.year != last.year { start += " \(first.year)" }
        return "\(self[.week]) \(week.week), \(start)–\(dayAndMonth(last)) \(last.year)"
    }

    /// "3 missed" / "3 manqués" / "3 mancati": a count of days with a history mark, its phrase
    /// agreeing with the number where the language inflects it.
    public func count(_ count: Int, _ phrase: Phrase) -> String {
        "\(count) " + table.text(phrase, count: count)
    }

    /// "W47" / "S47": a week's short label in the history, its letter the first of the word
    /// for week ("Week", "Woche", "Semaine", "Settimana").
    public func weekLabel(_ week: ISOWeek) -> String {
        String(self[.week].prefix(1)) + (week.week < 10 ? "0" : "") + String(week.week)
    }

    public func status(_ status: ChoreStatus) -> String {
        switch status {
        case .done: return self[.statusDone]
        case .overdue: return self[.statusOverdue]
        case .dueToday: return self[.statusDueToday]
        case .dueSoon: return self[.statusDueSoon]
        case .upcoming: return self[.statusUpcoming]
        case .undated: return self[.statusUndated]
        case .past: return self[.statusPast]
        }
    }

    /// A symbol for each status, the same in every language, so that status is never told by colour alone.
    public func symbol(_ status: ChoreStatus) -> String {
        switch status {
        case .done: return "✓"
        case .overdue: return "!"
        case .dueToday: return "●"
        case .dueSoon: return "◐"
        case .upcoming: return "○"
        case .undated: return "?"
        case .past: return "·"
        }
    }

    /// "today", "tomorrow", "in 3 days", "2 days overdue".
    public func countdown(_ days: Int) -> String {
        switch days {
        case 0: return self[.countdownToday]
        case 1: return self[.countdownTomorrow]
        case ..<0: return table.daysOverdue(-days)
        default: return table.inDays(days)
        }
    }

    public func recurrence(_ recurrence: Recurrence) -> String {
        switch recurrence {
        case .once: return self[.recurrenceOnce]
        case .daily: return self[.recurrenceDaily]
        case .weekly: return self[.recurrenceWeekly]
        case .monthly: return self[.recurrenceMonthly]
        }
    }

    /// "4 of 6 done, 1 overdue" / "4 von 6 erledigt, 1 überfällig".
    public func progress(_ progress: Progress) -> String {
        table.done(progress.done, of: progress.total)
            + (progress.overdue > 0 ? table.overdueCount(progress.overdue) : "")
    }
}
