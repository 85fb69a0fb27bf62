import AemtliSync

/// `aemtli sync logout`: forgets the session; the store stays as it is.
enum SyncLogoutCommand {
    static let spec = CommandSpec(
        "logout", abstract: "Forget the iCloud session and push's address (the store stays).",
        options: OptionSpec.cloudKitOptions,
        handler: run)

    static func run(_ invocation: inout Invocation) throws -> ExitCode {
        let sync = try invocation.syncSettings()
        // Push's address goes with the session; the subscription stays in iCloud (README says why
        // and how to remove it).
        let forgotPush = try PushAddressStore(
            folder: sync.sessions.folder, container: sync.cloudKit.container, environment: sync.cloudKit.environment
        ).remove()
        if try sync.sessions.remove() {
            invocation.print("Signed out: the session in \(sync.sessions.path) is gone; the store stays as it is.")
            if forgotPush {
                invocation.print(
                    "Push's long-poll address is forgotten too; its subscription stays in iCloud for another 'aemtli serve' on this Apple ID (README, \"Leave it running\", says how to remove it)."
                )
            }
        } else {
            invocation.print(
                "Nobody was signed in for \(sync.cloudKit.container) (\(sync.cloudKit.environment.rawValue)).")
        }
        return .success
    }
}
