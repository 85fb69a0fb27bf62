import AemtliApp
import AemtliCore

/// `aemtli serve pin --member SLUG`: sets a parent's PIN, which lets the wall tick what a child
/// alone may not (SPEC §10). The PIN comes from standard input, never from the command line
/// (where `ps` and the shell's history would show it).
enum ServePinCommand {
    static let member = OptionSpec("member", value: "slug", help: "The parent whose PIN this is (required).")

    static let spec = CommandSpec(
        "pin", abstract: "Set a parent's PIN for ticking on the wall (read from standard input, not shown).",
        discussion: """
            Reads 4 to 8 digits from standard input (not shown on a terminal, where it asks for them twice) \
            and keeps them salted and hashed beside the sync session. A running 'aemtli serve' uses the new \
            PIN at its next request. Only a parent may have a PIN (exit 64 otherwise).
            Examples:
              aemtli serve pin --member mum
            """,
        options: [member, .store, .config],
        handler: run)

    static func run(_ invocation: inout Invocation) throws -> ExitCode {
        guard let slug = invocation.arguments.value(member) else {
            throw CLIError(
                .missingOption(member.synopsis, why: "name the parent whose PIN this is, e.g. --member mum"),
                path: invocation.path)
        }
        let household = try invocation.household()
        let settings = invocation.settings(of: household)
        let (result, _) = try invocation.readStore(household, settings: settings)
        let parent = try invocation.member(slug, in: result.family)
        guard parent.role == .parent else {
            throw CLIError(.notAParent(slug: slug), path: invocation.path)
        }
        let environment = invocation.environment
        let pins = ParentPins(
            folder: try TickStateFolder.standard(environment: environment.variables), rounds: environment.pinRounds)
        invocation.print("Type the PIN for \(slug) (4 to 8 digits; it is not shown) and press Enter:")
        let pin = environment.readSecretLine() ?? ""
        if let flaw = PINRule.flaw(in: pin) { throw CLIError(.notAPIN(flaw), path: invocation.path) }
        // Typed unseen, a slip would lock the parent out: a person types it twice; a pipe once.
        if environment.inputIsTerminal {
            invocation.print("Type the same PIN again and press Enter:")
            guard environment.readSecretLine() == pin else {
                throw CLIError(.pinsDiffer(slug: slug), path: invocation.path)
            }
        }
        try pins.set(pin: pin, for: parent)
        invocation.print("Set the PIN of \(slug); the wall asks for it when a tick needs a parent.")
        return .success
    }
}
