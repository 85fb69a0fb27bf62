/// The words aemtli writes, in English and German: day and month names, statuses, date formats.
/// Written out here rather than taken from the system's locale data, so output is the same on
/// every machine.
public struct Vocabulary: Sendable {
    public let language: Language

    public init(_ language: Language) {
        self.language = language
    }

    private var german: Bool { language == .de }

    /// Monday first.
    public var weekdays: [String] {
        german ? ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"]
            : ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    }

    public var months: [String] {
        german ? ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"]
            : ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
    }

    public func weekday(_ date: CivilDate) -> String { weekdays[date.weekday - 1] }

    /// "Wednesday, 25 March 2026" / "Mittwoch, 25. März 2026".
    public func longDate(_ date: CivilDate) -> String {
        let month = months[date.month - 1]
        return german ? "\(weekday(date)), \(date.day). \(month) \(date.year)" : "\(weekday(date)), \(date.day) \(month) \(date.year)"
    }

    /// "18:00", or "all day" / "ganztags".
    public func time(_ local: LocalDateTime, allDay: Bool) -> String {
        if allDay { return german ? "ganztags" : "all day" }
        let hour = local.hour < 10 ? "0\(local.hour)" : "\(local.hour)"
        let minute = local.minute < 10 ? "0\(local.minute)" : "\(local.minute)"
        return "\(hour):\(minute)"
    }

    public func status(_ status: ChoreStatus) -> String {
        switch status {
        case .done: return german ? "erledigt" : "done"
        case .overdue: return german ? "überfällig" : "overdue"
        case .dueToday: return german ? "heute fällig" : "due today"
        case .dueSoon: return german ? "bald fällig" : "due soon"
        case .upcoming: return german ? "geplant" : "upcoming"
        case .undated: return german ? "ohne Datum" : "undated"
        case .past: return german ? "vorbei" : "past"
        }
    }

    /// A symbol for each status, so that status is never told by colour alone.
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

    /// "today", "tomorrow", "in 3 days", "2 days overdue" and their German forms.
    public func countdown(_ days: Int) -> String {
        switch days {
        case 0: return german ? "heute" : "today"
        case 1: return german ? "morgen" : "tomorrow"
        case -1: return german ? "1 Tag überfällig" : "1 day overdue"
        case ..<0: return german ? "\(-days) Tage überfällig" : "\(-days) days overdue"
        default: return german ? "in \(days) Tagen" : "in \(days) days"
        }
    }

    public func recurrence(_ recurrence: Recurrence) -> String {
        switch recurrence {
        case .once: return german ? "einmalig" : "once"
        case .daily: return german ? "täglich" : "daily"
        case .weekly: return german ? "wöchentlich" : "weekly"
        case .monthly: return german ? "monatlich" : "monthly"
        }
    }

    /// "Mo" … "Su" / "Mo" … "So".
    public func shortWeekday(_ date: CivilDate) -> String { String(weekday(date).prefix(2)) }

    /// "25 March" / "25. März".
    public func dayAndMonth(_ date: CivilDate) -> String {
        german ? "\(date.day). \(months[date.month - 1])" : "\(date.day) \(months[date.month - 1])"
    }

    /// "Week 13, 23–29 March 2026" / "Woche 13, 23.–29. März 2026" (months and years shown where they differ).
    public func weekTitle(_ week: ISOWeek, days: [CivilDate]) -> String {
        let first = days[0], last = days[6]
        let label = german ? "Woche" : "Week"
        let dot = german ? "." : ""
        var start = "\(first.day)\(dot)"
        if first.month != last.month { start += " " + months[first.month - 1] }
        if first.year != last.year { start += " \(first.year)" }
        return "\(label) \(week.week), \(start)–\(last.day)\(dot) \(months[last.month - 1]) \(last.year)"
    }

    /// "4 of 6 done, 1 overdue" / "4 von 6 erledigt, 1 überfällig".
    public func progress(_ progress: Progress) -> String {
        var text = german ? "\(progress.done) von \(progress.total) erledigt" : "\(progress.done) of \(progress.total) done"
        if progress.overdue > 0 { text += german ? ", \(progress.overdue) überfällig" : ", \(progress.overdue) overdue" }
        return text
    }

    public var chore: String { german ? "Ämtli" : "Chore" }
    public var progressLabel: String { german ? "Fortschritt" : "Progress" }
    public var deadlinesThisWeek: String { german ? "Fristen diese Woche" : "Deadlines this week" }
    public var overdueFromBefore: String { german ? "Überfällig von früher" : "Overdue from before" }
    public var unassignedChores: String { german ? "Nicht zugeteilte Ämtli" : "Unassigned chores" }
    public var nothingThisWeek: String { german ? "Nichts diese Woche." : "Nothing this week." }
    public var notes: String { german ? "Notizen" : "Notes" }
    public var legend: String { german ? "☐ abhaken · ✓ erledigt · ! überfällig" : "☐ to tick · ✓ done · ! overdue" }

    public var unassigned: String { german ? "nicht zugeteilt" : "unassigned" }
    public var nothingScheduled: String { german ? "Nichts geplant." : "Nothing scheduled." }
}
