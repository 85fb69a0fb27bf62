import AemtliSync

/// `aemtli sync logout`: forgets the session; the store stays as it is.
enum SyncLogoutCommand {
    static let spec = CommandSpec(
        "logout", abstract: "Forget the iCloud session (the store stays).",
        options: OptionSpec.cloudKitOptions,
        handler: run)

    static func run(_ invocation: inout Invocation) throws -> ExitCode {
        let sync = try invocation.syncSettings()
        if try sync.sessions.remove() {
            invocation.print("Signed out: the session in \(sync.sessions.path) is gone; the store stays as it is.")
        } else {
            invocation.print(
                "Nobody was signed in for \(sync.cloudKit.container) (\(sync.cloudKit.environment.rawValue)).")
        }
        return .success
    }
}
