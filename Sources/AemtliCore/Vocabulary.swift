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

    public var unassigned: String { german ? "nicht zugeteilt" : "unassigned" }
    public var nothingScheduled: String { german ? "Nichts geplant." : "Nothing scheduled." }
}
