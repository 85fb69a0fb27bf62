import AemtliApp
import AemtliCore

/// `aemtli feed-token renew SLUG`: a new private address for one feed, when a link leaked.
enum FeedTokenCommand {
    static let spec = CommandSpec(
        "feed-token", abstract: "Manage the private feed addresses (config privateFeeds).",
        subcommands: [
            CommandSpec(
                "renew",
                abstract: "Give one feed a new private address; the old one stops working with the next build.",
                options: OptionSpec.storeOptions,
                arguments: [ArgumentSpec("feed", help: "A member's slug, or 'family' for the family feed.")],
                handler: renew)
        ])

    static func renew(_ invocation: inout Invocation) throws -> ExitCode {
        let feed = invocation.arguments.positionals[0]
        let tokens = FeedTokens(environment: invocation.environment)
        if feed == FeedTokens.familyKey {
            try tokens.renew(FeedTokens.familyKey)
        } else {
            let household = try invocation.household()
            let settings = invocation.settings(of: household)
            let (result, _) = try invocation.readStore(household, settings: settings)
            try tokens.renew(try invocation.member(feed, in: result.family).id)
        }
        invocation.print(
            "Renewed the address of the \(feed) feed; run 'aemtli build' to publish it under its new name.")
        return .success
    }
}
