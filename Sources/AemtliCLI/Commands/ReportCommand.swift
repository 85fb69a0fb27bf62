import AemtliApp
import AemtliCore
import AemtliSite
import Foundation

/// `aemtli report`: the weekly chart as text, Markdown or printable HTML on standard output.
enum ReportCommand {
    static let spec = CommandSpec(
        "report", abstract: "Print the weekly chore report.",
        discussion:
            "text fits 80 columns (--ascii for plain ASCII lines); markdown is GitHub-flavoured tables; html is a printable A4 landscape chart, one member per page.",
        options: OptionSpec.storeOptions + [.week, .member, .reportFormat, .ascii, .lang, .templates],
        handler: run)

    static func run(_ invocation: inout Invocation) throws -> ExitCode {
        let household = try invocation.household()
        let settings = invocation.settings(of: household)
        let schedule = settings.schedule
        let week =
            try invocation.value(.week, as: ISOWeek.self)
            ?? ISOWeek(containing: schedule.today, weekStart: settings.weekStart)
        let format = try invocation.value(.reportFormat, as: ReportFormat.self) ?? .text
        let templates =
            format == .html
            ? try TemplateOverrides(folder: household.flags.templates, environment: invocation.environment).load() : nil
        let (result, _) = try invocation.readStore(household, settings: settings)
        let member = try invocation.member(in: result.family)
        let report = schedule.weeklyReport(of: result.family, week: week, memberID: member?.id)
        let words = settings.words
        let title = settings.familyTitle(result.family)
        let output: String
        switch (format, templates) {
        case (.markdown, _): output = ReportMarkdownRenderer(report: report, words: words).render(familyTitle: title)
        case (.html, let templates?):
            output = try ReportHTMLRenderer(report: report, words: words, templates: templates, family: result.family)
                .render(familyTitle: title)
        case (.text, _), (.html, nil):
            output = ReportTextRenderer(report: report, words: words, ascii: invocation.arguments.isSet(.ascii)).render(
                familyTitle: title)
        }
        invocation.environment.standardOutput.write(output)
        return .success
    }
}
