import AemtliApp
import AemtliSync
import Foundation
import VisibleText

/// `aemtli sync login [--paste]`: signs in with an Apple ID and keeps the session (SPEC §8.2).
enum SyncLoginCommand {
    static let spec = CommandSpec(
        "login", abstract: "Sign in with the family's Apple ID in a browser and keep the session.",
        discussion: """
            Prints Apple's sign-in address and waits (10 minutes) for the browser to come back to \
            http://127.0.0.1:PORT/aemtli/callback on this machine. Tick "Keep me signed in": the session \
            then lasts about two weeks instead of 30 minutes. The Apple ID needs "Access iCloud Data on \
            the Web" on; accounts with Advanced Data Protection cannot sign in from the web. Without a \
            browser here (a NAS, SSH), use --paste.
            """,
        options: [.paste] + OptionSpec.cloudKitOptions,
        handler: run)

    static func run(_ invocation: inout Invocation) throws -> ExitCode {
        let sync = try invocation.syncSettings()
        let configuration = try sync.cloudKit.checked()
        let environment = invocation.environment
        let flow = LoginFlow(
            configuration: configuration, transport: environment.transport(), sessionStore: sync.sessions,
            clock: sync.clock(environment))
        let token: WebAuthToken
        if invocation.arguments.isSet(.paste) {
            let address = try flow.signInAddress()
            invocation.print(
                "Open this address on any device and sign in with the family's Apple ID (tick \"Keep me signed in\"):\n\n  \(VisibleText.visible(address))\n"
            )
            invocation.print(
                "The browser then ends on an address that does not load. Paste that whole address (or the token) here and press Enter; it is not shown:"
            )
            token = try pastedToken(environment)
        } else {
            // Listen before printing, so a busy port is said at once.
            let listener = try CallbackListener(
                port: sync.cloudKit.callbackPort, page: try SignedInPage.bytes())
            defer { listener.close() }
            let address = try flow.signInAddress()
            let opened = environment.openInBrowser(address)
            invocation.print(
                (opened
                    ? "Your browser opens Apple's sign-in page; if it does not, open this address"
                    : "Open this address in a browser on this machine")
                    + " and sign in with the family's Apple ID (tick \"Keep me signed in\"):\n\n  \(VisibleText.visible(address))\n"
            )
            invocation.print("Waiting for the sign-in at \(listener.callbackURL) (10 minutes)…")
            token = try listener.waitForToken(now: { Date() })
        }
        let session = try flow.complete(with: token)
        let reads =
            session.database == .private
            ? "the family's records you own (private database)" : "the family shared with you (shared database)"
        invocation.print(
            "Signed in as \(VisibleText.visible(session.who)); aemtli reads \(reads). The session \(SessionEndText(settings: sync.settings).possibleEnd(of: session)). Next: 'aemtli sync'."
        )
        return .success
    }

    /// Up to three pastes: a wrong one (half the address, the sign-in page's own) is easily made,
    /// and starting over would mean signing in again. The end of input stops at once.
    private static func pastedToken(_ environment: CommandEnvironment) throws -> WebAuthToken {
        let tries = 3
        var attempt = 1
        while true {
            let line = environment.readSecretLine()
            do {
                return try TokenParameters.pasted(line ?? "")
            } catch let error as SyncError where line != nil && attempt < tries {
                attempt += 1
                environment.standardError.write("\(error.description) Paste it again (try \(attempt) of \(tries)):\n")
            }
        }
    }
}
