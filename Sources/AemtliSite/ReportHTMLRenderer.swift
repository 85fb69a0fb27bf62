import AemtliCore
import Mustache

/// The weekly report as a printable page (Templates/report.mustache with Public/report.css
/// inlined): one member per A4 landscape page, big boxes to tick, room for notes.
public struct ReportHTMLRenderer {
    let report: WeeklyReport
    let vocabulary: Vocabulary
    let templates: TemplateSet

    public init(report: WeeklyReport, vocabulary: Vocabulary, templates: TemplateSet) {
        self.report = report
        self.vocabulary = vocabulary
        self.templates = templates
    }

    /// A job that works out the report of `week` and puts its printable page into `sink` as
    /// `reports/YYYY-Www.html`.
    public static func job(
        week: ISOWeek, family: Family, schedule: Schedule, vocabulary: Vocabulary, templates: TemplateSet, familyTitle: String, to sink: OutputSink
    ) -> RenderJob {
        RenderJob(kind: "charts") { buffer in
            let report = schedule.weeklyReport(of: family, week: week)
            try ReportHTMLRenderer(report: report, vocabulary: vocabulary, templates: templates).render(familyTitle: familyTitle, into: &buffer)
            try sink.put("reports/\(week).html", buffer)
        }
    }

    public func render(familyTitle: String) throws -> String {
        String(decoding: try renderBytes(familyTitle: familyTitle), as: UTF8.self)
    }

    public func renderBytes(familyTitle: String) throws -> [UInt8] {
        var output: [UInt8] = []
        try render(familyTitle: familyTitle, into: &output)
        return output
    }

    /// Appends the page's bytes to `output`.
    public func render(familyTitle: String, into output: inout [UInt8]) throws {
        let weekTitle = vocabulary.weekTitle(report.week, days: report.days)
        // Four kinds of cell, made once and shared by every row (a chart of a large family has
        // a hundred thousand cells).
        let cells = WeeklyReport.Cell.allCases.map(cell)
        let sections: [MustacheValue] = report.sections.enumerated().map { index, section in
            let name = section.member?.name ?? vocabulary.unassignedChores
            return [
                "index": .int(index + 1),
                "name": .string(name),
                "familyTitle": .string(familyTitle),
                "week": .string(weekTitle),
                "caption": .string("\(name) – \(weekTitle)"),
                "hasRows": .bool(!section.rows.isEmpty),
                "days": .list(report.days.map { day in
                    ["weekday": .string(vocabulary.shortWeekday(day)), "date": .string(String(day.day)), "today": .bool(day == report.today)]
                }),
                "rows": .list(section.rows.map { row in
                    ["title": .string(row.chore.title), "cells": .list(row.cells.map { cells[WeeklyReport.Cell.allCases.firstIndex(of: $0)!] })]
                }),
                "progress": section.progress.flatMap { $0.total > 0 ? .string(vocabulary.progress($0)) : nil } ?? .null,
                "hasDeadlines": .bool(!section.deadlines.isEmpty),
                "deadlines": .list(section.deadlines.map { deadline in
                    ["title": .string(deadline.chore.title),
                     "when": .string("\(vocabulary.weekday(deadline.local.date)), \(vocabulary.dayAndMonth(deadline.local.date)), \(vocabulary.time(deadline.local, allDay: false))"),
                     "countdown": .string(vocabulary.countdown(deadline.countdown))]
                }),
                "hasOverdue": .bool(!section.overdueBefore.isEmpty),
                "overdue": .list(section.overdueBefore.map { ["title": .string($0.chore.title), "countdown": .string(vocabulary.countdown($0.countdown))] }),
            ]
        }
        let data: MustacheValue = [
            "lang": .string(vocabulary.language.rawValue),
            "title": .string("\(familyTitle) – \(weekTitle)"),
            "styles": .string(templates.asset("report.css")),
            "sections": .list(sections),
            "labels": [
                "chore": .string(vocabulary.chore), "progress": .string(vocabulary.progressLabel),
                "deadlines": .string(vocabulary.deadlinesThisWeek), "overdueBefore": .string(vocabulary.overdueFromBefore),
                "notes": .string(vocabulary.notes), "legend": .string(vocabulary.legend),
                "nothing": .string(vocabulary.nothingThisWeek),
            ],
        ]
        try templates.render("report", data, into: &output)
    }

    private func cell(_ cell: WeeklyReport.Cell) -> MustacheValue {
        let german = vocabulary.language == .de
        switch cell {
        case .none: return ["kind": "none", "label": nil, "mark": ""]
        case .box: return ["kind": "box", "label": .string(german ? "abhaken" : "to tick"), "mark": ""]
        case .done: return ["kind": "done", "label": .string(vocabulary.status(.done)), "mark": "✓"]
        case .overdue: return ["kind": "overdue", "label": .string(vocabulary.status(.overdue)), "mark": "!"]
        }
    }
}
