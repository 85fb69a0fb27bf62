import AemtliCore
import Foundation
import Mustache

/// The wall display (`wall.html`, SPEC §5): today only, for a tablet seen from across the kitchen.
/// One column per member (two rows of columns beyond four members), each with what is overdue,
/// what is due today and what is done today; beyond `SitePages.membersInHeader` members, one
/// "All members" column that names the member on each row. The family's week as one big bar.
struct WallPage {
    let site: Site

    /// Columns per row: every member in one row up to four, else two rows.
    static func columns(members: Int) -> Int {
        members <= 4 ? max(1, members) : (members + 1) / 2
    }

    func data(common: MustacheObject) -> MustacheValue {
        let schedule = site.schedule
        let words = site.words
        var data = common
        var columns: [MustacheValue]
        if site.members.count > SitePages.membersInHeader {
            columns = [
                column(
                    name: words[.allMembers], initial: nil, colorClass: nil, chores: site.family.chores,
                    showMember: true)
            ]
        } else {
            let byMember = site.family.choresByAssignee()
            columns = site.members.map { entry in
                column(
                    name: entry.member.name, initial: entry.initial, colorClass: entry.color.cssClass,
                    chores: byMember[entry.member.id] ?? [],
                    showMember: false, history: HistoryView(site: site).summaryParts(memberID: entry.member.id))
            }
            let unassigned = byMember[nil] ?? []
            if !unassigned.isEmpty {
                columns.append(
                    column(
                        name: words[.unassigned], initial: nil, colorClass: nil, chores: unassigned, showMember: false))
            }
        }
        data["columns"] = .list(columns)
        data["columnCount"] = .int(Self.columns(members: columns.count))
        data["rowCount"] = .int(columns.count > 4 ? 2 : 1)
        let refresh = site.options.wallRefreshMinutes
        data["wallRefreshSeconds"] = refresh > 0 ? .int(refresh * 60) : .null
        // A wall that reloads itself, or follows `serve`, carries the script; one a timer builds
        // checks whether the builds have stopped.
        data["script"] =
            refresh > 0 || site.options.live
            ? PageScript.values(site: site, refreshMinutes: refresh, built: schedule.now) : .null
        data["progress"] = ChoreRows(site: site).progress(site.family.chores)
        if site.options.live, site.options.ticks {
            data["ticks"] = [
                // The role lets the script ask for a parent's PIN only when `TickPermission` will.
                "members": .list(
                    site.members.map {
                        [
                            "name": .string($0.member.name), "slug": .string($0.slug),
                            "role": .string($0.member.role.rawValue),
                        ]
                    })
            ]
        }
        let now = schedule.time.local(schedule.now)
        data["builtAt"] = site.options.live ? .null : .string(words.time(now, allDay: false))
        return .object(data)
    }

    /// One member's today: overdue first, then due today, then done today; each in order of time.
    /// `history` is the member's last week's share and streaks, if any: badges on a line of their
    /// own under the name, which wrap rather than be cut off.
    private func column(
        name: String, initial: String?, colorClass: String?, chores: [Chore], showMember: Bool,
        history: [(text: String, isStreak: Bool)] = []
    ) -> MustacheValue {
        let schedule = site.schedule
        var groups:
            (
                overdue: [(LocalDateTime, MustacheValue)], due: [(LocalDateTime, MustacheValue)],
                done: [(LocalDateTime, MustacheValue)]
            ) = ([], [], [])
        for chore in chores {
            guard let status = schedule.status(of: chore), let occurrence = schedule.currentOccurrence(of: chore) else {
                continue
            }
            let dueToday = schedule.dueTime(of: chore, occurrence: occurrence).day == schedule.today
            let row = self.row(chore, occurrence: occurrence, status: status, showMember: showMember)
            switch status {
            case .overdue: groups.overdue.append((occurrence.local, row))
            case .done where dueToday: groups.done.append((occurrence.local, row))
            case .dueToday: groups.due.append((occurrence.local, row))
            default: continue
            }
        }
        func sorted(_ rows: [(LocalDateTime, MustacheValue)]) -> MustacheValue {
            .list(rows.sorted { $0.0 < $1.0 }.map(\.1))
        }
        return [
            "name": .string(name), "initial": initial.map(MustacheValue.string) ?? .null,
            "colorClass": .string(colorClass ?? "member-color-none"),
            "overdue": sorted(groups.overdue), "due": sorted(groups.due), "done": sorted(groups.done),
            "isEmpty": .bool(groups.overdue.isEmpty && groups.due.isEmpty && groups.done.isEmpty),
            "history": .list(history.map { ["text": .string($0.text), "streak": .bool($0.isStreak)] }),
            "hasHistory": .bool(!history.isEmpty),
        ]
    }

    /// `2026-11-18T09:00:00Z`, for the script's clock comparison.
    static func iso(_ instant: Date) -> String {
        let local = FamilyTime.utcLocal(instant)
        return "\(local.date)T"
            + [local.hour, local.minute, local.second].map { $0 < 10 ? "0\($0)" : "\($0)" }.joined(separator: ":") + "Z"
    }

    /// A chore row as everywhere, but an overdue one says how long ("3 days overdue"), or since
    /// when today ("overdue · 07:15"), in place of a countdown.
    private func row(_ chore: Chore, occurrence: Occurrence, status: ChoreStatus, showMember: Bool) -> MustacheValue {
        let words = site.words
        var row = ChoreRows(site: site).row(
            chore, occurrence: occurrence, status: status, showMember: showMember, showDay: false, withCountdown: false)
        if status == .overdue {
            let days = site.schedule.countdown(of: chore) ?? 0
            let time = words.time(occurrence.local, allDay: occurrence.isAllDay)
            row["when"] = .string(days < 0 ? words.countdown(days) : words.status(.overdue) + " · " + time)
        }
        // The row's second line: when it is due, or that it is done.
        row["meta"] = status == .done ? row["statusLabel"] ?? .null : row["when"] ?? .null
        // An open chore due today or overdue can be ticked from a paired device (SPEC §10): the
        // control is hidden until the page's script hears that this device may.
        if site.options.live, site.options.ticks, status == .overdue || status == .dueToday {
            row["tick"] = [
                "chore": .string(chore.id),
                "assignee": .string(chore.assigneeID.flatMap(site.family.slug(ofMemberID:)) ?? ""),
            ]
        }
        return .object(row)
    }
}
