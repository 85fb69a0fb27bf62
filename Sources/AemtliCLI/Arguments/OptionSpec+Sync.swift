import AemtliSync
import CloudKitWeb

/// The options of `aemtli sync` and its subcommands: each `cloudkit` key of `aemtli.json` has a
/// flag of the same name (SPEC §8.1).
extension OptionSpec {
    static let container = OptionSpec(
        "container", value: "id",
        help: "The CloudKit container (default: config cloudkit.container, else the chore app's).")
    static let cloudKitEnvironment = OptionSpec(
        "environment", value: "name", choices: CloudKitEnvironment.choices,
        help: "production (App Store and TestFlight builds of the app) or development (builds run from Xcode).")
    static let apiToken = OptionSpec(
        "api-token", value: "token",
        help: "The container's API token (default: config cloudkit.apiToken, else AEMTLI_CLOUDKIT_API_TOKEN).")
    static let database = OptionSpec(
        "database", value: "name", choices: SyncConfiguration.DatabaseChoice.choices,
        help: "private (the family's owner), shared (a member who accepted the share) or auto (decided at sign-in).")
    static let zone = OptionSpec("zone", value: "name", help: "The app's record zone (default: MainZone).")
    static let endpoint = OptionSpec(
        "endpoint", value: "url",
        help: "CloudKit's address (default: https://api.apple-cloudkit.com; http only to a loopback address).")
    static let callbackPort = OptionSpec(
        "callback-port", value: "port", help: "The loopback port for the sign-in callback (default: 8731).")
    static let syncStore = OptionSpec(
        "store", value: "dir",
        help: "The store folder sync keeps up to date, in DIR/cloudkit/ (default: aemtli.json's store, else ./store).")
    static let full = OptionSpec("full", help: "Fetch every record again instead of what changed since the last sync.")
    static let quiet = OptionSpec("quiet", help: "Print no progress, only warnings and errors.")
    static let paste = OptionSpec(
        "paste", help: "Sign in on another device and paste the address the browser ended on (no browser needed here).")
    static let check = OptionSpec("check", help: "Also ask CloudKit whether the session still works.")

    /// The CloudKit settings, the configuration file and the time, for every sync command.
    static let cloudKitOptions: [OptionSpec] = [
        .config, .now, .timeZone, container, cloudKitEnvironment, apiToken, database, zone, endpoint, callbackPort,
    ]
}

extension CloudKitEnvironment: ChoiceValue {}
extension SyncConfiguration.DatabaseChoice: ChoiceValue {}
