/// Every fixed word or phrase aemtli shows, in any language. Templates reach them as
/// `labels.NAME`, NAME being the case's name; each language's table (`WordTable`) must give
/// every case, which its `switch` makes the compiler check.
public enum Phrase: String, CaseIterable, Sendable {
    // Page labels.
    case skip, dashboard, members, allMembers, overdue, today, laterThisWeek, nothingToday
    case progress, progressOf, unassigned, deadlines, subscribe, subscribeHelp, subscribeApp
    case feedFile, familyFeed, next14, nothingScheduled, undated, weeklyChart, thisWeek, nextWeek, generated
    case wall, familyProgress, everyDay, everyDayAt, everyDayAllDay, untilDay, subscribeCopy
    /// Beside a feed's address on a page `serve` serves without a `baseURL` (its script fills it in).
    case copyAddress
    // How fresh the chores are (SPEC §8.6), and the parent's reminder.
    case demoFamily, demoChart, configurationKept, choresAsOf, signInNow, accessDenied, notUpdatedSince, notUpdatedEver,
        signInBefore,
        displayStopped, displayStoppedCheck, lostServer
    case reasonTemporary, reasonSignIn, reasonAccess, reasonConfiguration, reasonProtocol, reasonOK
    // Whether serve hears of changes within seconds (SPEC §9 "Push"), on its dashboard.
    case pushOn, pushLater, pushStarting, pushSignIn, pushRefused, pushFailingSince, pushStopped
    case reminderTitle, reminderDescription
    // Ticks from the wall (SPEC §10): what a device is told.
    case tickDone, tickUndone, tickChanged, tickReadOnly, tickSignIn, tickBusy, tickNotPaired, tickNotAllowed
    case tickWrongPin, tickLocked, tickUnknown, tickAlready, tickBadRequest, tickOff, pairDone, pairRefused
    case tickTooMany, tickUndoGone
    case tickButton, whoDidIt, parentPin, undo, cancel, pairTitle, pairCode, pairButton
    case close, pairOpenWall
    // The history on the pages.
    case lastWeeks, markDone, markLate, markMissed, markUnknown, markOpen, shareChart, inARow
    // The weekly chart.
    case chore, progressColumn, deadlinesThisWeek, overdueFromBefore, notes, legend, nothingThisWeek, toTick, week
    // Statuses, recurrences, times and countdowns.
    case statusDone, statusOverdue, statusDueToday, statusDueSoon, statusUpcoming, statusUndated, statusPast
    case recurrenceOnce, recurrenceDaily, recurrenceWeekly, recurrenceMonthly
    case allDay, countdownToday, countdownTomorrow, unassignedMember
    // Calendar feeds.
    case familyCalendar, assignedTo, repeats, deadline, due
    // History and streaks.
    case history, historyNotBegun, historySince, historyLegend, currentStreak, bestStreak, shareDone, lastWeek
}
