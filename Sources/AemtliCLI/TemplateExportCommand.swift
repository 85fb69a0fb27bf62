import AemtliSite
import Foundation

/// `aemtli template export DIR`: the built-in templates as files, a starting point for your own
/// (`aemtli build --templates DIR` then uses any file there in place of the built-in one).
enum TemplateExportCommand {
    static let spec = CommandSpec(
        "export", abstract: "Write the built-in templates to a folder, as a starting point for your own.",
        discussion: "Existing files are never overwritten. Edit the files you want to change, delete the others, and pass the folder to 'aemtli build --templates DIR'.",
        arguments: [ArgumentSpec("dir", help: "The folder to write to.")],
        handler: run)

    static func run(_ invocation: inout Invocation) throws -> ExitCode {
        let folder = invocation.arguments.positionals[0]
        let url = invocation.environment.resolve(folder)
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        let taken = BuiltinFiles.templates.keys.filter { FileManager.default.fileExists(atPath: url.appendingPathComponent($0).path) }
        if let first = taken.sorted().first {
            throw CLIError(.cannotCreate(path: prefix + first, detail: "the file exists already; export into an empty folder"), path: invocation.path)
        }
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            for (name, source) in BuiltinFiles.templates {
                try Data(source.utf8).write(to: url.appendingPathComponent(name), options: .withoutOverwriting)
            }
        } catch {
            throw CLIError(.cannotCreate(path: folder, detail: StoreLoader.describe(error)), path: invocation.path)
        }
        invocation.print("Wrote \(BuiltinFiles.templates.count) templates to \(folder); use them with 'aemtli build --templates \(folder)'.")
        return .success
    }
}
