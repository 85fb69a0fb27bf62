import AemtliSync

/// `aemtli sync logout`: forgets the session and push's long-poll address; the store stays as it
/// is, and so does push's subscription in iCloud unless `--unsubscribe` deletes it first.
enum SyncLogoutCommand {
    static let unsubscribe = OptionSpec(
        "unsubscribe",
        help: "First delete push's subscription in iCloud (when no 'aemtli serve' on this Apple ID will run again).")

    static let spec = CommandSpec(
        "logout", abstract: "Forget the iCloud session and push's address (the store stays).",
        discussion:
            "Push's subscription stays in iCloud, where another 'aemtli serve' on the same Apple ID may use it; --unsubscribe deletes it first, while the session still works.",
        options: [unsubscribe] + OptionSpec.cloudKitOptions,
        handler: run)

    static func run(_ invocation: inout Invocation) throws -> ExitCode {
        let sync = try invocation.syncSettings()
        if invocation.arguments.isSet(unsubscribe) {
            // With the session, before it is forgotten; a failure leaves both as they were.
            let engine = sync.engine(try sync.cloudKit.checked(), environment: invocation.environment)
            invocation.print(
                try engine.removePushSubscription()
                    ? "Push's subscription is deleted from iCloud."
                    : "Push's subscription was not in iCloud; nothing to delete.")
        }
        // Push's address goes with the session; the subscription stays in iCloud (README says why
        // and how to remove it).
        let forgotPush = try PushAddressStore(
            folder: sync.sessions.folder, container: sync.cloudKit.container, environment: sync.cloudKit.environment
        ).remove()
        if try sync.sessions.remove() {
            invocation.print("Signed out: the session in \(sync.sessions.path) is gone; the store stays as it is.")
            if forgotPush && !invocation.arguments.isSet(unsubscribe) {
                invocation.print(
                    "Push's long-poll address is forgotten too; its subscription stays in iCloud for another 'aemtli serve' on this Apple ID ('aemtli sync login', then 'aemtli sync logout --unsubscribe' deletes it)."
                )
            }
        } else {
            invocation.print(
                "Nobody was signed in for \(sync.cloudKit.container) (\(sync.cloudKit.environment.rawValue)).")
        }
        return .success
    }
}
