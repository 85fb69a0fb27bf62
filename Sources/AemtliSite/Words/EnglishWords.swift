/// aemtli's words in English.
struct EnglishWords: WordTable {
    private static let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    private static let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]

    // The tables hold no stored properties, so `Words` copies them without counting references.
    func weekday(_ number: Int) -> String { Self.weekdays[(number - 1) % 7] }
    func month(_ number: Int) -> String { Self.months[(number - 1) % 12] }
    func dayNumber(_ day: Int) -> String { "\(day)" }
    func inDays(_ days: Int) -> String { "in \(days) days" }
    func daysOverdue(_ days: Int) -> String { days == 1 ? "1 day overdue" : "\(days) days overdue" }
    func done(_ done: Int, of total: Int) -> String { "\(done) of \(total) done" }
    func overdueCount(_ count: Int) -> String { ", \(count) overdue" }

    func text(_ phrase: Phrase) -> String {
        switch phrase {
        case .skip: return "Skip to content"
        case .dashboard: return "Family dashboard"
        case .members: return "Family members"
        case .allMembers: return "All members"
        case .overdue: return "Overdue"
        case .today: return "Today"
        case .laterThisWeek: return "Later this week"
        case .nothingToday: return "Nothing due today."
        case .progress: return "This week"
        case .progressOf: return "Progress this week:"
        case .unassigned: return "Unassigned chores"
        case .deadlines: return "Upcoming deadlines"
        case .subscribe: return "Subscribe in your calendar"
        case .subscribeHelp: return "Add a feed to Apple Calendar, Google Calendar, Outlook or Thunderbird; it updates by itself."
        case .subscribeApp: return "Open in the calendar app"
        case .feedFile: return "Calendar file"
        case .familyFeed: return "Whole family"
        case .next14: return "Next 14 days"
        case .nothingScheduled: return "Nothing scheduled."
        case .undated: return "Without a date"
        case .weeklyChart: return "Weekly chart"
        case .thisWeek: return "this week"
        case .nextWeek: return "next week"
        case .generated: return "Updated"
        case .chore: return "Chore"
        case .progressColumn: return "Progress"
        case .deadlinesThisWeek: return "Deadlines this week"
        case .overdueFromBefore: return "Overdue from before"
        case .notes: return "Notes"
        case .legend: return "☐ to tick · ✓ done · ! overdue"
        case .nothingThisWeek: return "Nothing this week."
        case .toTick: return "to tick"
        case .week: return "Week"
        case .statusDone: return "done"
        case .statusOverdue: return "overdue"
        case .statusDueToday: return "due today"
        case .statusDueSoon: return "due soon"
        case .statusUpcoming: return "upcoming"
        case .statusUndated: return "undated"
        case .statusPast: return "past"
        case .recurrenceOnce: return "once"
        case .recurrenceDaily: return "daily"
        case .recurrenceWeekly: return "weekly"
        case .recurrenceMonthly: return "monthly"
        case .allDay: return "all day"
        case .countdownToday: return "today"
        case .countdownTomorrow: return "tomorrow"
        case .unassignedMember: return "unassigned"
        case .familyCalendar: return "Family"
        case .assignedTo: return "Assigned to: "
        case .repeats: return "Repeats: "
        case .deadline: return "Deadline: "
        case .due: return "Due: "
        case .history: return "History"
        case .historyNotBegun: return "History begins with the first 'aemtli sync': it records every tick from then on."
        case .historyLegend: return "✓ on time · ! late · ✗ missed · · unknown · ○ open"
        case .currentStreak: return "streak"
        case .bestStreak: return "best"
        case .shareDone: return "Done"
        case .lastWeek: return "Last week"
        }
    }
}
