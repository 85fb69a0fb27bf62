import AemtliCore
import Foundation

/// `aemtli demo-store`: writes the built-in demo family as a CloudKit JSON store.
enum DemoStoreCommand {
    static let members = OptionSpec("members", value: "n", help: "A synthetic family of this many members instead of the demo family.")
    static let chores = OptionSpec("chores", value: "n", help: "With --members: this many chores (default: 20 per member).")
    static let seed = OptionSpec("seed", value: "n", help: "With --members: the random seed; the same seed gives the same store (default: 1).")

    static let spec = CommandSpec(
        "demo-store", abstract: "Write the demo family, or a synthetic store of any size, as CloudKit JSON.",
        discussion: "Writes DIR/demo-family.json (two records/query responses, dated relative to --now); with --members, DIR/records-NNNNN.json pages of 200 records instead.",
        options: [OptionSpec("out", value: "dir", help: "The folder to write to (default: store)."), members, chores, seed, .config, .now, .timeZone],
        handler: run)

    static func run(_ invocation: inout Invocation) throws -> ExitCode {
        let settings = try invocation.settings()
        let folder = invocation.arguments.value(.out) ?? "store"
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        var files: [(String, [UInt8])]
        if let text = invocation.arguments.value(members) {
            let memberCount = try number(text, members, invocation)
            let choreCount = try invocation.arguments.value(chores).map { try number($0, chores, invocation) } ?? memberCount * 20
            let seedValue = try invocation.arguments.value(seed).map { UInt64(try number($0, seed, invocation)) } ?? 1
            let pages = SyntheticFamily(members: memberCount, chores: choreCount, seed: seedValue).pages(now: settings.now, calendar: settings.calendar)
            files = pages.enumerated().map { (String(format: "records-%05d.json", $0.offset + 1), $0.element.serializedBytes() + [0x0A]) }
        } else {
            let document = DemoFamily.responses(now: settings.now, calendar: settings.calendar)
            files = [("demo-family.json", document.serializedBytes(pretty: true) + [0x0A])]
        }
        let directory = invocation.environment.resolve(folder)
        for (name, bytes) in files {
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try Data(bytes).write(to: directory.appendingPathComponent(name), options: .atomic)
            } catch {
                throw CLIError(.cannotCreate(path: prefix + name, detail: StoreLoader.describe(error)), path: invocation.path)
            }
        }
        let what = files.count == 1 ? prefix + files[0].0 : "\(files.count) files to \(folder)"
        invocation.print("Wrote \(what); try 'aemtli check --store \(folder)'.")
        return .success
    }

    private static func number(_ text: String, _ option: OptionSpec, _ invocation: Invocation) throws -> Int {
        guard let value = Int(text), value >= 0, value <= 10_000_000 else {
            throw CLIError(.invalidNumber(option: option.name, value: text), path: invocation.path)
        }
        return value
    }
}
