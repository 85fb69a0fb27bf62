import AemtliApp
import AemtliCore
import AemtliSync
import Files
import Foundation

/// `aemtli demo-store`: writes the built-in demo family, or a synthetic family, as a CloudKit JSON store.
enum DemoStoreCommand {
    static let out = OptionSpec("out", value: "dir", help: "The folder to write to (required).")
    static let members = OptionSpec(
        "members", value: "n", help: "A synthetic family of this many members instead of the demo family.")
    static let chores = OptionSpec(
        "chores", value: "n", help: "With --members: this many chores (default: 20 per member).")
    static let seed = OptionSpec(
        "seed", value: "n", help: "With --members: the random seed; the same seed gives the same store (default: 1).")
    static let historyWeeks = OptionSpec(
        "history-weeks", value: "n",
        help:
            "Also write DIR/history/done.jsonl: every chore ticked every period, synced every 15 minutes, for this many weeks up to --now."
    )

    static let spec = CommandSpec(
        "demo-store", abstract: "Write the demo family, or a synthetic store of any size, as CloudKit JSON.",
        discussion:
            "Writes DIR/demo-family.json (two records/query responses, dated relative to --now); with --members, DIR/records-NNNNN.json pages of 200 records instead. --out is required, so that no command later reads a ./store you did not mean to make.",
        options: [out, members, chores, seed, historyWeeks, .config, .now, .timeZone],
        handler: run)

    static func run(_ invocation: inout Invocation) throws -> ExitCode {
        guard let folder = invocation.arguments.value(out) else {
            throw CLIError(
                .missingOption(out.synopsis, why: "name the folder to write the store to, e.g. --out demo-store"),
                path: invocation.path)
        }
        let memberCount = try invocation.number(members, in: 1...100_000)
        let choreCount = try invocation.number(chores, in: 0...10_000_000)
        let seedValue = try invocation.number(seed, in: 0...Int.max)
        let weeks = try invocation.number(historyWeeks, in: 1...520)
        let settings = try invocation.settings()
        var files: [(String, [UInt8])]
        if let memberCount {
            let family = SyntheticFamily(
                members: memberCount, chores: choreCount ?? memberCount * 20, seed: UInt64(seedValue ?? 1))
            let pages = family.pages(now: settings.now, time: settings.time)
            files = pages.enumerated().map {
                (String(format: "records-%05d.json", $0.offset + 1), $0.element.serializedBytes() + [0x0A])
            }
        } else {
            let document = DemoFamily.responses(now: settings.now, time: settings.time)
            files = [("demo-family.json", document.serializedBytes(pretty: true) + [0x0A])]
        }
        if let weeks {
            // The journal is made from the family as aemtli reads it back, so its chores are the store's.
            let family = try StoreReader().read(files.map { StoreSource(name: $0.0, bytes: $0.1) }).family
            files.append(
                (
                    StoreLayout.journalInStore,
                    SyntheticJournal(family: family, schedule: settings.schedule, weeks: weeks).bytes()
                ))
        }
        let place = invocation.environment.place(folder)
        for (name, bytes) in files { try invocation.environment.files.write(bytes, to: place.appending(name)) }
        let what = files.count == 1 ? place.appending(files[0].0).shown : "\(files.count) files to \(folder)"
        invocation.print("Wrote \(what); try 'aemtli check --store \(folder)'.")
        return .success
    }
}
