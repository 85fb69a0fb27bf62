import AemtliApp
import AemtliCore
import AemtliSync
import Foundation

/// `aemtli sync`: the family's records from CloudKit into `STORE/cloudkit/` (SPEC §8).
enum SyncCommand {
    static let spec = CommandSpec(
        "sync", abstract: "Fetch the family's chores from iCloud (CloudKit) into the store.",
        discussion: """
            Reads only: nothing in iCloud is ever changed. The first run fetches every record; later runs \
            fetch what changed. Run 'aemtli sync login' once first. Exit codes: 75 try again later \
            (nothing lost), 76 CloudKit answered unexpectedly, 77 sign in again ('aemtli sync login'), \
            78 the CloudKit settings need fixing. For a timer: 'aemtli sync; aemtli build'.
            Examples:
              aemtli sync login
              aemtli sync --store store
              aemtli sync status --check
            """,
        options: [.syncStore, .full, .quiet] + OptionSpec.cloudKitOptions,
        subcommands: [SyncLoginCommand.spec, SyncStatusCommand.spec, SyncLogoutCommand.spec],
        handler: run)

    static func run(_ invocation: inout Invocation) throws -> ExitCode {
        let sync = try invocation.syncSettings()
        let configuration: CheckedConfiguration
        do {
            configuration = try sync.cloudKit.checked()
        } catch let error as SyncError {
            // Refused before it could start; the status file still says so (for the pages and
            // `sync status`), and a failure to write it does not hide the real error.
            try? SyncStatus.recordEarlyFailure(error, store: sync.store.path, at: sync.settings.now)
            throw error
        }
        let environment = invocation.environment
        let showsProgress = environment.errorIsTerminal && !invocation.arguments.isSet(.quiet)
        let engine = sync.engine(
            configuration, environment: environment,
            progress: { progress in
                if showsProgress {
                    environment.standardError.write("\r\(progress.pages) pages, \(progress.records) records")
                }
            })
        let report = try engine.run(full: invocation.arguments.isSet(.full))
        if showsProgress, report.pages > 0 { environment.standardError.write("\n") }
        report.warnings.forEach { invocation.diagnose(.warning, $0) }
        // Quiet is quiet: a timer's mail should hold only what needs a person (the warnings above).
        if !invocation.arguments.isSet(.quiet) { invocation.print(report.summary(store: sync.store.shown)) }
        return .success
    }
}
