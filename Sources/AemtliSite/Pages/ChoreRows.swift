import AemtliCore
import Mustache

/// Template data for chores: one row per chore with status word, symbol, time and countdown, and
/// the grouping the dashboard uses (overdue first, then today, then later this week).
struct ChoreRows {
    let site: Site

    private var schedule: Schedule { site.schedule }
    private var words: Words { site.words }

    struct Groups {
        var overdue: [MustacheValue] = []
        var today: [MustacheValue] = []
        var later: [MustacheValue] = []

        var isEmpty: Bool { overdue.isEmpty && today.isEmpty && later.isEmpty }

        func values() -> MustacheObject {
            [
                "overdueRows": .list(overdue), "todayRows": .list(today), "laterRows": .list(later),
                "hasOverdue": .bool(!overdue.isEmpty), "hasToday": .bool(!today.isEmpty),
                "hasLater": .bool(!later.isEmpty),
            ]
        }
    }

    /// `chores` grouped for this week, each group in order of due time, then title. A chore due
    /// earlier today and not done is listed under "Today", overdue first, with its badge saying
    /// "overdue": "Overdue" is what is left from before today, so "Nothing due today" never follows
    /// a chore of today's (issue #37).
    func groups(_ chores: [Chore], showMember: Bool) -> Groups {
        var sorted: [(key: (Int, LocalDateTime, String), group: Int, row: MustacheValue)] = []
        for chore in chores {
            guard let status = schedule.status(of: chore), let occurrence = schedule.currentOccurrence(of: chore) else {
                continue
            }
            let due = schedule.dueTime(of: chore, occurrence: occurrence)
            let group: Int
            if due.day == schedule.today {
                group = 1
            } else if status == .overdue {
                group = 0
            } else if schedule.periods.week.contains(due.day) && due.day > schedule.today {
                group = 2
            } else {
                continue
            }
            // Under the "Today" heading a row says "today" once, in its badge: no countdown.
            let row = MustacheValue.object(
                self.row(
                    chore, occurrence: occurrence, status: status, showMember: showMember,
                    showDay: group == 2 || group == 0, withCountdown: group != 1))
            sorted.append(((status == .overdue ? 0 : 1, occurrence.local, chore.title), group, row))
        }
        sorted.sort { $0.key < $1.key }
        var groups = Groups()
        for item in sorted {
            switch item.group {
            case 0: groups.overdue.append(item.row)
            case 1: groups.today.append(item.row)
            default: groups.later.append(item.row)
            }
        }
        return groups
    }

    /// `withCountdown` adds the chore's countdown; rows listed under a day heading go without.
    func row(
        _ chore: Chore, occurrence: Occurrence?, status: ChoreStatus, showMember: Bool, showDay: Bool,
        withCountdown: Bool = true
    ) -> MustacheObject {
        var when = ""
        if let occurrence {
            when = words.time(occurrence.local, allDay: occurrence.isAllDay)
            // The day it happens, which for a time a gap moved past midnight is not the day it
            // belongs to and is listed under: Saturday's 23:30 at "Sunday, 29 March, 00:30".
            let day = occurrence.local.date
            if showDay || day != occurrence.date {
                when = words.weekdayAndDate(day) + ", " + when
            }
        }
        var countdown: MustacheValue = .null
        if withCountdown, status != .done, let days = schedule.countdown(of: chore) {
            countdown = .string(words.countdown(days))
        }
        var member: MustacheValue = .null
        if showMember {
            member = .string(chore.assigneeID.flatMap(site.family.member(withID:))?.name ?? words[.unassignedMember])
        }
        return [
            "title": .string(chore.title),
            "status": .string(status.rawValue),
            "statusLabel": .string(words.status(status)),
            "symbol": .string(words.symbol(status)),
            "when": .string(when),
            "countdown": countdown,
            "recurrence": .string(words.recurrence(chore.recurrence)),
            "member": member,
        ]
    }

    func progress(_ chores: [Chore]) -> MustacheValue {
        let progress = schedule.progress(of: chores)
        return [
            "hasItems": .bool(progress.total > 0),
            "done": .int(progress.done), "total": .int(progress.total),
            "percent": .int(progress.percentage ?? 0),
            "label": .string(words.progress(progress)),
        ]
    }
}
