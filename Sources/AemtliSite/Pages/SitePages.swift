import AemtliCore
import Mustache

/// The site's pages (SPEC §5): the family dashboard, one page per member, `agenda.json` and the
/// assets. Paths are relative to the output folder; names come from slugs, never from raw names.
public struct SitePages {
    let site: Site
    let templates: TemplateSet

    /// The header names each member when there are at most this many; a larger group (a class, a
    /// service hosting many) gets one link to the dashboard, which shows every member, instead of
    /// a header of hundreds of links on each of hundreds of pages.
    static let membersInHeader = 12

    /// The header's links, made once for the top folder and once for `members/`.
    private let navigation: (top: MustacheValue, members: MustacheValue)
    private let labels: MustacheValue
    /// "Chores as of" and the notices of a synced store (SPEC §8.6), made once.
    private let freshness: MustacheValue

    public init(site: Site, templates: TemplateSet) {
        self.site = site
        self.templates = templates
        func links(_ root: String) -> MustacheValue {
            guard site.members.count <= Self.membersInHeader else {
                return [["name": .string(site.words[.allMembers]), "href": .string(root + SitePaths.dashboard)]]
            }
            return .list(
                site.members.map { entry in
                    ["name": .string(entry.member.name), "href": .string(root + entry.pagePath)]
                })
        }
        navigation = (links(""), links(SitePaths.memberPagesRoot))
        labels = site.words.labels
        freshness = FreshnessText(site: site).values
    }

    /// A job for each page, which puts it into `sink`: the agenda, the dashboard and the wall,
    /// then the member pages, then the assets.
    public func jobs(to sink: OutputSink) -> [RenderJob] {
        let schedule = site.schedule
        let family = site.family
        let days = (from: schedule.today, to: schedule.today.adding(days: 14))
        let indices = family.choreIndicesByAssignee()
        var jobs = [
            RenderJob {
                var buffer: [UInt8] = []
                let agenda = schedule.agenda(of: family, from: days.from, to: days.to)
                AgendaJSON.render(agenda, pretty: false, into: &buffer)
                try sink.put(SitePaths.agenda, buffer)
            },
            RenderJob {
                var buffer: [UInt8] = []
                try templates.render("dashboard", dashboard(family.choresByAssignee()), into: &buffer)
                try put(SitePaths.dashboard, buffer, into: sink)
            },
            RenderJob {
                var buffer: [UInt8] = []
                try templates.render("wall", WallPage(site: site).data(common: common(root: "")), into: &buffer)
                try put(SitePaths.wall, buffer, into: sink)
            },
        ]
        for entry in site.members {
            jobs.append(
                RenderJob {
                    var buffer: [UInt8] = []
                    let agenda = schedule.agenda(
                        of: family, choreIndices: indices[entry.member.id] ?? [], from: days.from, to: days.to)
                    let data = memberPage(entry, chores: family.chores(assignedTo: entry.member.id), agenda: agenda)
                    try templates.render("member", data, into: &buffer)
                    try put(entry.pagePath, buffer, into: sink)
                })
        }
        jobs.append(
            RenderJob {
                for (path, bytes) in templates.assetFiles.sorted(by: { $0.key < $1.key }) {
                    try sink.put(SitePaths.asset(path), bytes)
                }
            })
        return jobs
    }

    /// A page into `sink`: a live one is left as it is when only its `SyncStamp` changed.
    private func put(_ path: String, _ page: [UInt8], into sink: OutputSink) throws {
        guard site.options.live else { return try sink.put(path, page) }
        try sink.put(path, page) { SyncStamp.sameApartFromStamp($0, page) }
    }

    private var rows: ChoreRows { ChoreRows(site: site) }

    /// Data every page shares; `root` leads back to the site's top folder.
    private func common(root: String) -> MustacheObject {
        let schedule = site.schedule
        let words = site.words
        let now = schedule.time.local(schedule.now)
        let weeks = site.reportWeeks
        return [
            "lang": .string(words.language.rawValue),
            "familyTitle": .string(site.title),
            // `root` stays for templates a family copied before `hrefs` existed.
            "root": .string(root),
            "hrefs": [
                "dashboard": .string(root + SitePaths.dashboard), "stylesheet": .string(root + SitePaths.stylesheet),
                "memberStylesheet": .string(root + SitePaths.memberStylesheet), "wall": .string(root + SitePaths.wall),
                "wallStylesheet": .string(root + SitePaths.wallStylesheet),
                "icon": .string(root + SitePaths.icon),
                "thisWeek": .string(root + SitePaths.report(weeks[0])),
                "nextWeek": .string(root + SitePaths.report(weeks[1])),
            ],
            "today": .string(words.longDate(schedule.today)),
            "generated": site.options.live
                ? .null : .string(words.dayAndMonth(now.date) + ", " + words.time(now, allDay: false)),
            "refreshSeconds": site.options.live ? .null : refreshSeconds,
            "noscriptRefreshSeconds": site.options.live ? refreshSeconds : .null,
            "script": site.options.live
                ? PageScript.values(site: site, refreshMinutes: site.options.refreshMinutes ?? 0) : .null,
            "labels": labels,
            "hasBaseURL": .bool(site.options.baseURL != nil),
            // The links subscribe: to the base URL's feeds, or on a page serve serves, to those
            // at the page's own address, which its script fills in.
            "subscribes": .bool(site.options.baseURL != nil || site.options.live),
            "freshness": freshness,
            "navigation": root.isEmpty ? navigation.top : navigation.members,
        ]
    }

    /// The dashboard's and member pages' own reload, when the owner set one.
    private var refreshSeconds: MustacheValue {
        site.options.refreshMinutes.flatMap { $0 > 0 ? .int($0 * 60) : nil } ?? .null
    }

    func dashboard(_ chores: [String?: [Chore]]) -> MustacheValue {
        var data = common(root: "")
        data["members"] = .list(
            site.members.map { entry in
                let own = chores[entry.member.id] ?? []
                var card = rows.groups(own, showMember: false).values()
                card["name"] = .string(entry.member.name)
                card["initial"] = .string(entry.initial)
                card["colorClass"] = .string(entry.color.cssClass)
                card["slug"] = .string(entry.slug)
                card["page"] = .string(entry.pagePath)
                card["progress"] = rows.progress(own)
                card["historySummary"] = HistoryView(site: site).summary(memberID: entry.member.id)
                return .object(card)
            })
        let unassigned = chores[nil] ?? []
        let groups = rows.groups(unassigned, showMember: false)
        var unassignedCard = groups.values()
        unassignedCard["name"] = .string(site.words[.unassigned])
        unassignedCard["progress"] = rows.progress(unassigned)
        data["unassigned"] = .object(unassignedCard)
        data["hasUnassigned"] = .bool(!groups.isEmpty)
        data["family"] = ["name": .string(site.title), "progress": rows.progress(site.family.chores)]
        let deadlines = upcomingDeadlines()
        data["deadlines"] = .list(deadlines)
        data["hasDeadlines"] = .bool(!deadlines.isEmpty)
        data["feeds"] = .list(
            site.members.map { feed($0.feedName, label: $0.member.name, root: "") } + [
                feed(site.familyFeedName, label: site.words[.familyFeed], root: "")
            ])
        data["push"] = FreshnessText(site: site).push.map { .string($0) } ?? .null
        return .object(data)
    }

    /// `agenda` holds the member's chores only.
    func memberPage(_ entry: SiteMember, chores own: [Chore], agenda: Agenda) -> MustacheValue {
        var data = common(root: SitePaths.memberPagesRoot)
        data["name"] = .string(entry.member.name)
        data["initial"] = .string(entry.initial)
        data["colorClass"] = .string(entry.color.cssClass)
        data["slug"] = .string(entry.slug)
        data["progress"] = rows.progress(own)
        data.merge(rows.groups(own, showMember: false).values())
        data.merge(MemberDays(site: site, rows: rows).values(agenda))
        data["history"] = HistoryView(site: site).memberSection(memberID: entry.member.id)
        let undated = own.filter { $0.recurrence == .once && $0.dueDate == nil && $0.deadline == nil }
        data["undated"] = .list(
            undated.map { .object(rows.row($0, occurrence: nil, status: .undated, showMember: false, showDay: false)) })
        data["hasUndated"] = .bool(!undated.isEmpty)
        data["feed"] = feed(entry.feedName, label: entry.member.name, root: SitePaths.memberPagesRoot)
        return .object(data)
    }

    /// Deadlines from today on, within four weeks, soonest first.
    private func upcomingDeadlines() -> [MustacheValue] {
        let schedule = site.schedule
        let words = site.words
        let horizon = schedule.today.adding(days: 28)
        let upcoming = site.family.chores.compactMap { chore -> (LocalDateTime, Chore)? in
            guard let deadline = chore.deadline, schedule.status(of: chore) != .done else { return nil }
            let local = schedule.time.local(deadline)
            return local.date >= schedule.today && local.date < horizon ? (local, chore) : nil
        }.sorted { ($0.0, $0.1.title) < ($1.0, $1.1.title) }
        return upcoming.map { local, chore in
            [
                "title": .string(chore.title),
                "member": .string(
                    chore.assigneeID.flatMap(site.family.member(withID:))?.name ?? words[.unassignedMember]),
                "when": .string(
                    words.weekdayAndDate(local.date) + ", "
                        + words.time(local, allDay: false)),
                "countdown": .string(words.countdown(schedule.today.days(to: local.date))),
            ]
        }
    }

    /// A feed's links: the file, and with a base URL its `https://` and `webcal://` addresses;
    /// without one, on a page serve serves, places for the script to put them (`served`), since
    /// only the browser knows the address the family reached serve by.
    private func feed(_ name: String, label: String, root: String) -> MustacheValue {
        var value: MustacheObject = [
            "label": .string(label), "href": .string(root + SitePaths.feed(name)), "id": .string(name),
            "hasBaseURL": .bool(site.options.baseURL != nil),
            "served": .bool(site.options.baseURL == nil && site.options.live),
        ]
        if let base = site.options.baseURL {
            let absolute = SitePaths.absolute(SitePaths.feed(name), base: base)
            value["https"] = .string(absolute)
            if let schemeEnd = absolute.range(of: "://") {
                value["webcal"] = .string("webcal" + absolute[schemeEnd.lowerBound...])
            }
        }
        return .object(value)
    }
}
