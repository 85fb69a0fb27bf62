import AemtliApp
import AemtliSync
import CloudKitWeb

extension Invocation {
    /// The `cloudkit` settings this command's flags give (SPEC §8.1), each nil when not given.
    func cloudKitFlags() throws -> CloudKitConfiguration {
        var flags = CloudKitConfiguration()
        flags.container = arguments.value(.container)
        flags.environment = try value(.cloudKitEnvironment, as: CloudKitEnvironment.self)
        flags.apiToken = arguments.value(.apiToken)
        flags.database = try value(.database, as: SyncConfiguration.DatabaseChoice.self)
        flags.zone = arguments.value(.zone)
        flags.endpoint = arguments.value(.endpoint)
        flags.callbackPort = try number(.callbackPort, in: 0...65_535)
        return flags
    }

    /// What a sync command works with: the household, its settings now, the CloudKit settings.
    func syncSettings() throws -> SyncSettings {
        let household = try household()
        let settings = settings(of: household)
        return try SyncSettings(
            household, flags: try cloudKitFlags(), settings: settings, environment: environment)
    }
}
