/// aemtli's words in English.
struct EnglishWords: WordTable {
    private static let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    private static let months = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
        "December",
    ]

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
        case .subscribeHelp:
            return "Add a feed to Apple Calendar, Google Calendar, Outlook or Thunderbird; it updates by itself."
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
        case .wall: return "Wall display"
        case .familyProgress: return "Family this week:"
        case .demoFamily:
            return
                "These are the chores of aemtli's demo family, not yours: aemtli found no store here. Run it in the folder that holds your store (aemtli sync writes ./store), or name it with --store or \"store\" in aemtli.json."
        case .demoChart: return "the demo family, not yours"
        case .configurationKept:
            return
                "For parents: aemtli.json has a slip in it, so these pages keep its last good settings and the chores stay up to date. The log of aemtli serve says what to change."
        case .choresAsOf: return "Chores as of"
        case .signInNow:
            return
                "The iCloud sign-in has ended: a parent needs to run 'aemtli sync login' on the home server; until then the chores shown are not updated."
        case .accessDenied:
            return
                "This Apple ID may no longer see the family's chores: a parent needs to run 'aemtli sync login' with the right one."
        case .notUpdatedSince: return "Not updated since"
        case .notUpdatedEver: return "The chores have not been brought from iCloud yet."
        case .signInBefore: return "The iCloud sign-in ends soon: a parent should run 'aemtli sync login' before"
        case .displayStopped: return "This display stopped updating at"
        case .displayStoppedCheck:
            return
                "Check that the home server is on and that whatever builds the pages still runs: its timer, cron job or aemtli serve."
        case .lostServer: return "This display lost the home server at"
        case .tickDone: return "Done: the family's app will show it too."
        case .tickUndone: return "Taken back: the chore is open again."
        case .tickChanged: return "This chore changed on a phone meanwhile; look again and tap once more."
        case .tickReadOnly:
            return "This Apple ID may not change chores; a parent can share the family with write access."
        case .tickSignIn: return "The iCloud sign-in has ended; a parent needs to run 'aemtli sync login' first."
        case .tickBusy: return "iCloud is busy; try again in a moment."
        case .tickNotPaired:
            return "This device is not paired; a parent runs 'aemtli serve pair' and enters the code here."
        case .tickNotAllowed: return "Only a parent's PIN can tick this chore for that member."
        case .tickWrongPin: return "That PIN is not right."
        case .tickLocked: return "Too many wrong PINs on this device; try again in ten minutes."
        case .tickUnknown: return "There is no such chore or member (any more)."
        case .tickAlready: return "The chore is already in that state."
        case .tickBadRequest: return "The request could not be read."
        case .tickOff: return "Ticks are switched off (config 'ticks')."
        case .tickTooMany: return "Too many taps on this device; wait a minute and try again."
        case .tickUndoGone: return "It is too late to undo this here; change it in the family's app."
        case .pairDone: return "This device is paired."
        case .tickButton: return "Done"
        case .whoDidIt: return "Who did it?"
        case .parentPin: return "A parent's PIN"
        case .undo: return "Undo"
        case .cancel: return "Cancel"
        case .close: return "Close"
        case .pairOpenWall: return "Open the wall"
        case .pairTitle: return "Pair this device"
        case .pairCode: return "The six-digit code 'aemtli serve pair' printed"
        case .pairButton: return "Pair"
        case .pairRefused: return "That code is not valid (it lasts ten minutes and works once)."
        case .reasonTemporary: return "iCloud or the network could not be reached; aemtli keeps trying."
        case .reasonSignIn: return "the iCloud sign-in has ended."
        case .reasonAccess: return "this Apple ID may no longer see the family's chores."
        case .reasonConfiguration: return "aemtli's iCloud settings need a look from whoever set it up."
        case .reasonProtocol: return "iCloud answered in a way aemtli did not expect; it keeps trying."
        case .reasonOK: return "the home server has not synced since then; check that it is running."
        case .pushOn: return "Changes made in the app show here within seconds."
        case .pushLater: return "Changes made in the app show here with the next sync"
        case .pushStarting: return "aemtli is asking iCloud to tell it of changes"
        case .pushSignIn: return "nobody is signed in to iCloud"
        case .pushRefused: return "iCloud refused to tell aemtli of changes"
        case .pushFailingSince: return "the connection that tells aemtli of changes has failed since"
        case .pushStopped: return "aemtli serve has stopped"
        case .reminderTitle: return "Sign in to aemtli again"
        case .reminderDescription:
            return
                "The iCloud session that keeps the chores current ends around this time tomorrow. Run 'aemtli sync login' on the home server and tick \"Keep me signed in\"."
        case .everyDay: return "Every day"
        case .everyDayAt: return "every day at"
        case .everyDayAllDay: return "every day, all day"
        case .untilDay: return "until"
        case .copyAddress: return "Copy the address"
        case .subscribeCopy:
            return
                "These links download a copy of each calendar, which does not update itself. For a subscription that stays current, serve this folder with a web server and build with --base-url and its address; the links then open your calendar app."
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
        case .lastWeeks: return "Last 8 weeks"
        case .markDone: return "on time"
        case .markLate: return "late"
        case .markMissed: return "missed"
        case .markUnknown: return "unknown"
        case .markOpen: return "open"
        case .shareChart: return "Share of chores done each week"
        case .inARow: return "in a row"
        case .history: return "History"
        case .historyNotBegun: return "History begins with the first 'aemtli sync': it records every tick from then on."
        case .historySince: return "History since the first sync on"
        case .historyLegend: return "✓ on time · ! late · ✗ missed · · unknown · ○ open"
        case .currentStreak: return "streak"
        case .bestStreak: return "best"
        case .shareDone: return "Done"
        case .lastWeek: return "Last week"
        }
    }
}
