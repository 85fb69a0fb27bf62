import AemtliApp
import Files
import Foundation
import JSON
import Mustache

/// `aemtli template render`: one Mustache template with JSON data, byte-exact to standard output.
enum TemplateRenderCommand {
    /// `--escape`: how values are escaped.
    enum Escape: String, ChoiceValue {
        case html, none
    }

    static let escape = OptionSpec(
        "escape", value: "mode", choices: Escape.choices,
        help: "How values are escaped: html (& < > \" ') or none (default: html).")

    static let spec = CommandSpec(
        "render", abstract: "Render one Mustache template with JSON data to standard output.",
        discussion:
            "Partial NAME is read from DIR/NAME.mustache. A partial that is not there renders as nothing, as the Mustache spec says, with a warning.",
        options: [.data, .partials, escape], arguments: [ArgumentSpec("template", help: "The template file.")],
        handler: run)

    static func run(_ invocation: inout Invocation) throws -> ExitCode {
        let templatePath = invocation.arguments.positionals[0]
        let files = invocation.environment.files
        let template = try MustacheTemplate(
            name: templatePath, source: read(templatePath, what: "template", invocation))
        var data = MustacheValue.object([:])
        if let dataPath = invocation.arguments.value(.data) {
            let text = try read(dataPath, what: "data file", invocation)
            do {
                data = MustacheValue(try JSONParser.parse(text))
            } catch let error as JSONError {
                throw TemplateInputError(file: dataPath, line: error.line, column: error.column, detail: "\(error)")
            }
        }
        var library = MustacheLibrary()
        if let folder = invocation.arguments.value(.partials) {
            let place = invocation.environment.place(folder)
            try files.requireFolder(place, what: "partials folder")
            for relative in try files.files(below: place, withExtension: "mustache") {
                let file = place.appending(relative)
                let source = String(decoding: try files.read(file, what: "partial"), as: UTF8.self)
                library.add(try MustacheTemplate(name: String(relative.dropLast(".mustache".count)), source: source))
            }
        }
        library.add(template)
        for missing in library.unknownPartials() {
            guard case .unknownPartial(let name) = missing.reason else { continue }
            invocation.diagnose(
                .warning,
                "\(missing.template):\(missing.line):\(missing.column): the partial \"\(name)\" does not exist, so it renders as nothing."
            )
        }
        let escaping: MustacheEscaping = try invocation.value(escape, as: Escape.self) == Escape.none ? .none : .html
        let output = try library.render(template, with: data, escaping: escaping)
        invocation.environment.standardOutput.write(String(decoding: output, as: UTF8.self))
        return .success
    }

    private static func read(_ path: String, what: String, _ invocation: Invocation) throws -> String {
        String(
            decoding: try invocation.environment.files.read(invocation.environment.place(path), what: what),
            as: UTF8.self)
    }
}

/// A data file for a template that is not JSON.
struct TemplateInputError: Error {
    var file: String
    var line: Int
    var column: Int
    var detail: String

    var message: String { "\(file):\(line):\(column): the data is not valid JSON: \(detail); fix the file." }
}
