import AemtliCore
import AemtliSite
import Foundation

/// `aemtli report`: the weekly chart as text, Markdown or printable HTML on standard output.
enum ReportCommand {
    static let spec = CommandSpec(
        "report", abstract: "Print the weekly chore report.",
        discussion: "text fits 80 columns (--ascii for plain ASCII lines); markdown is GitHub-flavoured tables; html is a printable A4 landscape chart, one member per page.",
        options: OptionSpec.storeOptions + [.week, .member, .reportFormat, .ascii, .lang, .templates],
        handler: run)

    static func run(_ invocation: inout Invocation) throws -> ExitCode {
        var settings = try invocation.settings()
        let schedule = settings.schedule()
        var week = ISOWeek(containing: schedule.today, weekStart: settings.weekStart)
        if let text = invocation.arguments.value(.week) {
            guard let parsed = ISOWeek(text) else { throw CLIError(.invalidWeek(text), path: invocation.path) }
            week = parsed
        }
        let format = invocation.arguments.value(.reportFormat) ?? "text"
        let templates = format == "html" ? try TemplateOverrides.load(invocation) : nil
        let (result, _) = try invocation.readStore(settings: settings)
        let memberID = try AgendaCommand.member(invocation.arguments.value(.member), in: result.family, invocation)
        let report = schedule.weeklyReport(of: result.family, week: week, memberID: memberID)
        let vocabulary = Vocabulary(settings.language)
        let title = settings.familyTitle(result.family)
        let output: String
        switch format {
        case "markdown": output = ReportMarkdownRenderer(report: report, vocabulary: vocabulary).render(familyTitle: title)
        case "html": output = try ReportHTMLRenderer(report: report, vocabulary: vocabulary, templates: templates!).render(familyTitle: title)
        default: output = ReportTextRenderer(report: report, vocabulary: vocabulary, ascii: invocation.arguments.isSet(.ascii)).render(familyTitle: title)
        }
        invocation.environment.standardOutput.write(output)
        return .success
    }
}

/// The `--templates DIR` folder: every `*.mustache` in it replaces the built-in template of the
/// same name; the rest stay built in.
enum TemplateOverrides {
    static func load(_ invocation: Invocation) throws -> TemplateSet {
        guard let folder = invocation.arguments.value(.templates) else { return try TemplateSet() }
        let url = invocation.environment.resolve(folder)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CLIError(.inputMissing(path: folder, what: "templates folder"), path: invocation.path)
        }
        var overrides: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: url.path) where name.hasSuffix(".mustache") {
            let data = try Data(contentsOf: url.appendingPathComponent(name))
            overrides[name] = String(decoding: data, as: UTF8.self)
        }
        return try TemplateSet(overrides: overrides)
    }
}
