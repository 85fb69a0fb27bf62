import AemtliApp
import AemtliSite
import Files
import Foundation

/// `aemtli template export DIR`: the built-in templates as files, a starting point for your own
/// (`aemtli build --templates DIR` then uses any file there in place of the built-in one).
enum TemplateExportCommand {
    static let spec = CommandSpec(
        "export", abstract: "Write the built-in templates to a folder, as a starting point for your own.",
        discussion:
            "Existing files are never overwritten. Edit the files you want to change, delete the others, and pass the folder to 'aemtli build --templates DIR'.",
        arguments: [ArgumentSpec("dir", help: "The folder to write to.")],
        handler: run)

    static func run(_ invocation: inout Invocation) throws -> ExitCode {
        let folder = invocation.arguments.positionals[0]
        let files = invocation.environment.files
        let place = invocation.environment.place(folder)
        let names = BuiltinFiles.templates.keys.sorted()
        if let taken = names.first(where: { files.kind(place.appending($0).path) != .missing }) {
            throw FileError(
                .cannotCreate(
                    path: place.appending(taken).shown, detail: "the file exists already; export into an empty folder"))
        }
        for name in names {
            try files.write(Array((BuiltinFiles.templates[name] ?? "").utf8), to: place.appending(name))
        }
        invocation.print(
            "Wrote \(names.count) templates to \(folder); use them with 'aemtli build --templates \(folder)'.")
        return .success
    }
}
