import AemtliSync
import Foundation
import VisibleText

/// `aemtli sync status [--check]`: who is signed in, the last sync, and an exit code for monitoring.
enum SyncStatusCommand {
    static let spec = CommandSpec(
        "status", abstract: "Show who is signed in, the database and zone, the last sync and the records held.",
        discussion:
            "Exits 0 when the last sync succeeded and the data is fresh (staleAfterMinutes, default 120), else the code of the last failure (75, 76, 77 or 78), for a monitoring script. --check also asks CloudKit whether the session still works.",
        options: [.syncStore, .check] + OptionSpec.cloudKitOptions,
        handler: run)

    static func run(_ invocation: inout Invocation) throws -> ExitCode {
        let sync = try invocation.syncSettings()
        let overview = try SyncOverview.read(store: sync.store.path, sessionStore: sync.sessions)
        let settings = sync.settings
        let ends = SessionEndText(settings: settings)
        let when = ends.when
        var lines: [String] = []
        if let session = overview.session, let run = overview.lastRun, run.result == .signIn,
            run.ranAt >= session.signedInAt
        {
            lines.append(
                "The session of \(session.who), signed in since \(when(session.signedInAt)), has ended: run 'aemtli sync login' to sign in again."
            )
        } else if let session = overview.session {
            let end =
                session.knownEnd(lastSuccess: overview.lastSuccess).map { "ends about \(when($0))" }
                ?? ends.possibleEnd(of: session)
            lines.append("Signed in: \(session.who), since \(when(session.signedInAt)); the session \(end).")
        } else {
            lines.append("Signed in: nobody; run 'aemtli sync login'.")
        }
        lines.append(
            "Container: \(sync.cloudKit.container) (\(sync.cloudKit.environment.rawValue)), database \(overview.database?.rawValue ?? sync.cloudKit.database.rawValue), zone \(overview.zoneName ?? sync.cloudKit.zone)."
        )
        lines.append("Store: \(sync.store.shown), \(overview.recordsHeld) records held.")
        if let run = overview.lastRun {
            lines.append("Last run: \(when(run.ranAt)), \(run.result.rawValue): \(run.detail ?? run.message)")
        } else {
            lines.append("Last run: none; run 'aemtli sync'.")
        }
        lines.append("Last successful sync: " + (overview.lastSuccess.map(when) ?? "never") + ".")
        lines.append(
            PushText.line(PushStatus.read(store: sync.store.path), signedIn: overview.session != nil, when: when))
        if !overview.skippedRecords.isEmpty {
            lines.append(
                "Records CloudKit could not give (kept out of the store): \(overview.skippedRecords.joined(separator: ", "))."
            )
        }
        if invocation.arguments.isSet(.check) {
            let flow = LoginFlow(
                configuration: try sync.cloudKit.checked(), transport: invocation.environment.transport(),
                sessionStore: sync.sessions, clock: sync.clock(invocation.environment))
            let caller = try flow.check()
            lines.append("Checked: CloudKit accepts the session of \(caller.userRecordName).")
        }
        lines.forEach { invocation.print(VisibleText.visible($0)) }
        let code = overview.exitCode(now: settings.now, staleAfterMinutes: settings.staleAfterMinutes)
        return ExitCode(rawValue: code) ?? .software
    }
}
