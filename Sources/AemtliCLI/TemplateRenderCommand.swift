import Foundation
import JSON
import Mustache

/// `aemtli template render`: one Mustache template with JSON data, byte-exact to standard output.
enum TemplateRenderCommand {
    static let escape = OptionSpec("escape", value: "mode", choices: ["html", "none"],
        help: "How values are escaped: html (& < > \" ') or none (default: html).")

    static let spec = CommandSpec(
        "render", abstract: "Render one Mustache template with JSON data to standard output.",
        discussion: "Partial NAME is read from DIR/NAME.mustache. A partial that is not there renders as nothing, as the Mustache spec says, with a warning.",
        options: [.data, .partials, escape], arguments: [ArgumentSpec("template", help: "The template file.")],
        handler: run)

    static func run(_ invocation: inout Invocation) throws -> ExitCode {
        let templatePath = invocation.arguments.positionals[0]
        let template = try MustacheTemplate(name: templatePath, source: read(templatePath, what: "template", invocation))
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
            for (name, path) in try partialFiles(in: folder, invocation) {
                library.add(try MustacheTemplate(name: name, source: read(path, what: "partial", invocation)))
            }
        }
        library.add(template)
        for missing in library.unknownPartials() {
            guard case .unknownPartial(let name) = missing.reason else { continue }
            invocation.diagnose(.warning, "\(missing.template):\(missing.line):\(missing.column): the partial \"\(name)\" does not exist, so it renders as nothing.")
        }
        let escaping: MustacheEscaping = invocation.arguments.value(escape) == "none" ? .none : .html
        let output = try library.render(template, with: data, escaping: escaping)
        invocation.environment.standardOutput.write(String(decoding: output, as: UTF8.self))
        return .success
    }

    private static func read(_ path: String, what: String, _ invocation: Invocation) throws -> String {
        let url = invocation.environment.resolve(path)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw CLIError(.inputMissing(path: path, what: what), path: invocation.path)
        }
        do {
            return String(decoding: try Data(contentsOf: url), as: UTF8.self)
        } catch {
            throw CLIError(.readFailed(path: path, detail: StoreLoader.describe(error)), path: invocation.path)
        }
    }

    /// Every `*.mustache` file below `folder`, named by its path relative to it without the extension.
    private static func partialFiles(in folder: String, _ invocation: Invocation) throws -> [(String, String)] {
        let url = invocation.environment.resolve(folder)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CLIError(.inputMissing(path: folder, what: "partials folder"), path: invocation.path)
        }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return (FolderListing.files(in: url, withExtension: "mustache") ?? []).map { relative in
            (String(relative.dropLast(".mustache".count)), prefix + relative)
        }
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
