import AemtliCore
import Mustache

/// The site's pages (SPEC §5): the family dashboard, one page per member, `agenda.json` and the
/// assets. Paths are relative to the output folder; names come from slugs, never from raw names.
public struct SitePages {
    let input: SiteInput
    let templates: TemplateSet

    /// The header names each member when there are at most this many; a larger group (a class, a
    /// service hosting many) gets one link to the dashboard, which shows every member, instead of
    /// a header of hundreds of links on each of hundreds of pages.
    static let membersInHeader = 12

    /// The header's links, made once for the top folder and once for `members/`.
    private let navigation: (top: MustacheValue, members: MustacheValue)
    private let labels: MustacheValue

    public init(input: SiteInput, templates: TemplateSet) {
        self.input = input
        self.templates = templates
        func links(_ root: String) -> MustacheValue {
            guard input.family.members.count <= Self.membersInHeader else {
                return [["name": .string(SiteLabels.text("allMembers", input.vocabulary.language)), "href": .string("\(root)index.html")]]
            }
            return .list(input.family.members.map { member in
                ["name": .string(member.name), "href": .string("\(root)members/\(input.slugs[member.id]!).html")]
            })
        }
        navigation = (links(""), links("../"))
        labels = SiteLabels.values(input.vocabulary.language)
    }

    /// A job for each page, which puts it into `sink`: the two largest (the agenda and the
    /// dashboard) first, then the member pages, then the assets.
    public func jobs(to sink: OutputSink) -> [RenderJob] {
        let schedule = input.schedule
        let family = input.family
        let days = (from: schedule.today, to: schedule.today.adding(days: 14))
        let indices = family.choreIndicesByAssignee()
        var jobs = [
            RenderJob(kind: "pages") { buffer in
                let agenda = schedule.agenda(of: family, from: days.from, to: days.to, slugs: input.slugs)
                AgendaJSON.write(agenda, pretty: false, into: &buffer)
                try sink.put("agenda.json", buffer)
            },
            RenderJob(kind: "pages") { buffer in
                try templates.render("dashboard", dashboard(family.choresByAssignee()), into: &buffer)
                try sink.put("index.html", buffer)
            },
        ]
        for member in family.members {
            jobs.append(RenderJob(kind: "pages") { buffer in
                let agenda = schedule.agenda(of: family, choreIndices: indices[member.id] ?? [], from: days.from, to: days.to, slugs: input.slugs)
                let data = memberPage(member, chores: family.chores(assignedTo: member.id), agenda: agenda)
                try templates.render("member", data, into: &buffer)
                try sink.put("members/\(input.slugs[member.id]!).html", buffer)
            })
        }
        jobs.append(RenderJob(kind: "pages") { _ in
            for (path, bytes) in templates.assetFiles.sorted(by: { $0.key < $1.key }) { try sink.put("assets/" + path, bytes) }
        })
        return jobs
    }

    /// Renders every page into `sink` (on all cores).
    public func write(to sink: OutputSink) throws {
        _ = try RenderJob.runAll(jobs(to: sink))
    }

    private var rows: ChoreRows { ChoreRows(input: input) }

    /// Data every page shares; `root` leads back to the site's top folder.
    private func common(root: String) -> MustacheObject {
        let schedule = input.schedule
        let words = input.vocabulary
        let now = schedule.time.local(schedule.now)
        let week = ISOWeek(containing: schedule.today, weekStart: schedule.time.weekStart)
        return [
            "lang": .string(words.language.rawValue),
            "familyTitle": .string(input.familyTitle),
            "root": .string(root),
            "today": .string(words.longDate(schedule.today)),
            "generated": .string(words.dayAndMonth(now.date) + ", " + words.time(now, allDay: false)),
            "refreshSeconds": input.refreshMinutes.map { .int($0 * 60) } ?? .null,
            "thisWeek": .string(week.description),
            "nextWeek": .string(week.adding(weeks: 1).description),
            "labels": labels,
            "navigation": root.isEmpty ? navigation.top : navigation.members,
        ]
    }

    func dashboard(_ chores: [String?: [Chore]]) -> MustacheValue {
        var data = common(root: "")
        data["members"] = .list(input.family.members.map { member in
            let own = chores[member.id] ?? []
            var card = rows.groups(own, showMember: false).values()
            card["name"] = .string(member.name)
            card["slug"] = .string(input.slugs[member.id]!)
            card["page"] = .string("members/\(input.slugs[member.id]!).html")
            card["progress"] = rows.progress(own)
            return .object(card)
        })
        let groups = rows.groups(chores[nil] ?? [], showMember: false)
        data["unassigned"] = .object(groups.values())
        data["hasUnassigned"] = .bool(!groups.isEmpty)
        let deadlines = upcomingDeadlines()
        data["deadlines"] = .list(deadlines)
        data["hasDeadlines"] = .bool(!deadlines.isEmpty)
        data["feeds"] = .list(input.family.members.map { feed(input.feedNames[$0.id]!, label: $0.name, root: "") } + [
            feed(input.feedNames["family"]!, label: SiteLabels.text("familyFeed", input.vocabulary.language), root: ""),
        ])
        return .object(data)
    }

    /// `agenda` holds the member's chores only.
    func memberPage(_ member: FamilyMember, chores own: [Chore], agenda: Agenda) -> MustacheValue {
        var data = common(root: "../")
        data["name"] = .string(member.name)
        data["slug"] = .string(input.slugs[member.id]!)
        data["progress"] = rows.progress(own)
        data.merge(rows.groups(own, showMember: false).values())
        let schedule = input.schedule
        var days: [(CivilDate, [MustacheValue])] = []
        for entry in agenda.entries {
            let row = rows.row(agenda.chore(of: entry), occurrence: entry.occurrence, status: entry.status, showMember: false, showDay: false, withCountdown: false)
            if days.last?.0 == entry.occurrence.date { days[days.count - 1].1.append(row) } else { days.append((entry.occurrence.date, [row])) }
        }
        data["days"] = .list(days.map { day, rows in
            var heading = input.vocabulary.longDate(day)
            let distance = schedule.today.days(to: day)
            if (0...1).contains(distance) { heading += " (\(input.vocabulary.countdown(distance)))" }
            return ["heading": .string(heading), "id": .string("day-\(day)"), "rows": .list(rows)]
        })
        data["hasDays"] = .bool(!days.isEmpty)
        let undated = own.filter { $0.recurrence == .once && $0.dueDate == nil && $0.deadline == nil }
        data["undated"] = .list(undated.map { rows.row($0, occurrence: nil, status: .undated, showMember: false, showDay: false) })
        data["hasUndated"] = .bool(!undated.isEmpty)
        data["feed"] = feed(input.feedNames[member.id]!, label: member.name, root: "../")
        return .object(data)
    }

    /// Deadlines from today on, within four weeks, soonest first.
    private func upcomingDeadlines() -> [MustacheValue] {
        let schedule = input.schedule
        let words = input.vocabulary
        let horizon = schedule.today.adding(days: 28)
        let upcoming = input.family.chores.compactMap { chore -> (LocalDateTime, Chore)? in
            guard let deadline = chore.deadline, schedule.status(of: chore) != .done else { return nil }
            let local = schedule.time.local(deadline)
            return local.date >= schedule.today && local.date < horizon ? (local, chore) : nil
        }.sorted { ($0.0, $0.1.title) < ($1.0, $1.1.title) }
        return upcoming.map { local, chore in
            [
                "title": .string(chore.title),
                "member": .string(chore.assigneeID.flatMap(input.family.member(withID:))?.name ?? words.unassigned),
                "when": .string(words.weekday(local.date) + ", " + words.dayAndMonth(local.date) + ", " + words.time(local, allDay: false)),
                "countdown": .string(words.countdown(schedule.today.days(to: local.date))),
            ]
        }
    }

    /// A feed's links: the file, and with a base URL its `https://` and `webcal://` addresses.
    private func feed(_ name: String, label: String, root: String) -> MustacheValue {
        var value: MustacheObject = ["label": .string(label), "href": .string("\(root)feeds/\(name).ics"), "id": .string(name)]
        if let base = input.baseURL {
            let absolute = (base.hasSuffix("/") ? base : base + "/") + "feeds/\(name).ics"
            value["https"] = .string(absolute)
            if let schemeEnd = absolute.range(of: "://") { value["webcal"] = .string("webcal" + absolute[schemeEnd.lowerBound...]) }
        }
        return .object(value)
    }
}
