import AemtliCore
import Mustache

/// The weekly report as a printable page (Templates/report.mustache with Public/report.css
/// inlined): one member per A4 landscape page, big boxes to tick, room for notes.
public struct ReportHTMLRenderer {
    let report: WeeklyReport
    let words: Words
    let templates: TemplateSet

    /// Each member's colour and initial on their sheet, by member id (none for unassigned chores).
    private let marks: [String: (initial: String, cssClass: String)]

    /// Last week's share per member, from the history, when there is one.
    private let lastWeek: [String: WeekShare]

    /// The site's charts: this week's and next week's, one job each.
    static func jobs(site: Site, templates: TemplateSet, to sink: OutputSink) -> [RenderJob] {
        site.reportWeeks.map { week in
            RenderJob {
                var buffer: [UInt8] = []
                let report = site.schedule.weeklyReport(of: site.family, week: week)
                let renderer = ReportHTMLRenderer(
                    report: report, words: site.words, templates: templates, family: site.family, history: site.history)
                // A printed chart of the demo family on the fridge must say so too, on every sheet.
                let title = site.options.demo ? "\(site.title) – \(site.words[.demoChart])" : site.title
                try renderer.render(familyTitle: title, into: &buffer)
                try sink.put(SitePaths.report(week), buffer)
            }
        }
    }

    /// `family` gives the members their colours, as the site shows them.
    public init(
        report: WeeklyReport, words: Words, templates: TemplateSet, family: Family, history: HistoryFacts? = nil
    ) {
        self.report = report
        self.words = words
        self.templates = templates
        var lastWeek: [String: WeekShare] = [:]
        for section in history?.sections ?? [] {
            if let id = section.member?.id, let share = section.lastWeek, share.due > 0 { lastWeek[id] = share }
        }
        self.lastWeek = lastWeek
        let colors = MemberColor.assign(family)
        self.marks = Dictionary(
            zip(family.members, colors).map { ($0.id, (SiteMember.initial(of: $0.name), $1.cssClass)) },
            uniquingKeysWith: { first, _ in first })
    }

    public func render(familyTitle: String) throws -> String {
        var output: [UInt8] = []
        try render(familyTitle: familyTitle, into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends the page's bytes to `output`.
    public func render(familyTitle: String, into output: inout [UInt8]) throws {
        let weekTitle = words.weekTitle(report.week, days: report.days)
        // Four kinds of cell, made once and shared by every row (a chart of a large family has
        // a hundred thousand cells).
        let cells = (none: cell(.none), box: cell(.box), done: cell(.done), overdue: cell(.overdue))
        func shared(_ kind: WeeklyReport.Cell) -> MustacheValue {
            switch kind {
            case .none: return cells.none
            case .box: return cells.box
            case .done: return cells.done
            case .overdue: return cells.overdue
            }
        }
        let sections: [MustacheValue] = report.sections.enumerated().map { index, section in
            let name = section.member?.name ?? words[.unassigned]
            return [
                "index": .int(index + 1),
                "name": .string(name),
                "initial": section.member.flatMap { marks[$0.id]?.initial }.map(MustacheValue.string) ?? .null,
                "colorClass": .string(section.member.flatMap { marks[$0.id]?.cssClass } ?? "member-color-none"),
                "lastWeek": section.member.flatMap { lastWeek[$0.id] }.map { share in
                    .string(
                        words.progress(Progress(done: share.done, total: share.due))
                            + (share.percentage.map { " (\($0)%)" } ?? ""))
                } ?? .null,
                "familyTitle": .string(familyTitle),
                "week": .string(weekTitle),
                "caption": .string("\(name) – \(weekTitle)"),
                "hasRows": .bool(!section.rows.isEmpty),
                "days": .list(
                    report.days.map { day in
                        [
                            "weekday": .string(words.shortWeekday(day)), "date": .string(String(day.day)),
                            "today": .bool(day == report.today),
                        ]
                    }),
                "rows": .list(
                    section.rows.map { row in
                        ["title": .string(row.chore.title), "cells": .list(row.cells.map(shared))]
                    }),
                "progress": section.progress.flatMap { $0.total > 0 ? .string(words.progress($0)) : nil } ?? .null,
                "hasDeadlines": .bool(!section.deadlines.isEmpty),
                "deadlines": .list(
                    section.deadlines.map { deadline in
                        [
                            "title": .string(deadline.chore.title),
                            "when": .string(
                                "\(words.weekdayAndDate(deadline.local.date)), \(words.time(deadline.local, allDay: false))"
                            ),
                            "countdown": .string(words.countdown(deadline.countdown)),
                        ]
                    }),
                "hasOverdue": .bool(!section.overdueBefore.isEmpty),
                "overdue": .list(
                    section.overdueBefore.map {
                        ["title": .string($0.chore.title), "countdown": .string(words.countdown($0.countdown))]
                    }),
            ]
        }
        let data: MustacheValue = [
            "lang": .string(words.language.rawValue),
            "title": .string("\(familyTitle) – \(weekTitle)"),
            "styles": .string(templates.asset("report.css") + templates.asset("members.css")),
            "sections": .list(sections),
            "labels": [
                "chore": .string(words[.chore]), "progress": .string(words[.progressColumn]),
                "deadlines": .string(words[.deadlinesThisWeek]), "overdueBefore": .string(words[.overdueFromBefore]),
                "notes": .string(words[.notes]), "legend": .string(words[.legend]),
                "lastWeek": .string(words[.lastWeek]),
                "nothing": .string(words[.nothingThisWeek]),
            ],
        ]
        try templates.render("report", data, into: &output)
    }

    private func cell(_ cell: WeeklyReport.Cell) -> MustacheValue {
        switch cell {
        case .none: return ["kind": "none", "label": nil, "mark": ""]
        case .box: return ["kind": "box", "label": .string(words[.toTick]), "mark": ""]
        case .done: return ["kind": "done", "label": .string(words.status(.done)), "mark": "✓"]
        case .overdue: return ["kind": "overdue", "label": .string(words.status(.overdue)), "mark": "!"]
        }
    }
}
