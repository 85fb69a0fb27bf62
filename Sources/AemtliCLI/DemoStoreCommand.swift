import AemtliCore
import Foundation

/// `aemtli demo-store`: writes the built-in demo family as a CloudKit JSON store.
enum DemoStoreCommand {
    static let spec = CommandSpec(
        "demo-store", abstract: "Write the demo family as a CloudKit JSON store.",
        discussion: "Writes DIR/demo-family.json, an array of two records/query responses (members, then chores), dated relative to --now.",
        options: [OptionSpec("out", value: "dir", help: "The folder to write to (default: store)."), .config, .now, .timeZone],
        handler: run)

    static func run(_ invocation: inout Invocation) throws -> ExitCode {
        let settings = try invocation.settings()
        let folder = invocation.arguments.value(.out) ?? "store"
        let document = DemoFamily.responses(now: settings.now, calendar: settings.calendar)
        let directory = invocation.environment.resolve(folder)
        let file = directory.appendingPathComponent("demo-family.json")
        let name = (folder.hasSuffix("/") ? folder : folder + "/") + "demo-family.json"
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data((document.serialized(pretty: true) + "\n").utf8).write(to: file, options: .atomic)
        } catch {
            throw CLIError(.cannotCreate(path: name, detail: StoreLoader.describe(error)), path: invocation.path)
        }
        invocation.print("Wrote \(name); try 'aemtli check --store \(folder)'.")
        return .success
    }
}
