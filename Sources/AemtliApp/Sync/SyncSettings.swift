import AemtliSync
import CloudKitWeb
import Files
import Foundation

/// What every sync needs, worked out once from the household: the CloudKit settings (flag, else
/// `aemtli.json`'s `cloudkit`, else the default; the API token also from
/// `AEMTLI_CLOUDKIT_API_TOKEN`), where the session lives, the store, and the run's time.
public struct SyncSettings {
    public let cloudKit: SyncConfiguration
    public let sessions: SessionStore
    public let settings: Settings
    /// The store folder sync keeps (`--store`, default `./store`), as the system and the user see it.
    public let store: FileIO.Place

    /// `flags` are the command line's `cloudkit` settings, over the configuration's; `settings` the
    /// household's at the run's time.
    public init(
        _ household: Household, flags: CloudKitConfiguration, settings: Settings, environment: CommandEnvironment
    ) throws {
        self.settings = settings
        let file = household.configuration.cloudkit
        let token =
            flags.apiToken ?? file.apiToken
            ?? environment.variables[SyncConfiguration.apiTokenVariable].flatMap { $0.isEmpty ? nil : $0 }
        cloudKit = SyncConfiguration(
            container: flags.container ?? file.container ?? SyncConfiguration.defaultContainer,
            environment: flags.environment ?? file.environment ?? .production,
            apiToken: token,
            database: flags.database ?? file.database ?? .auto,
            zone: flags.zone ?? file.zone ?? "MainZone",
            endpoint: flags.endpoint ?? file.endpoint ?? Endpoint.apple.base,
            callbackPort: flags.callbackPort ?? file.callbackPort ?? SyncConfiguration.defaultCallbackPort)
        guard let folder = household.stateFolder else { throw HouseholdError(.noSessionFolder) }
        sessions = SessionStore(folder: folder, container: cloudKit.container, environment: cloudKit.environment)
        store = environment.place(household.syncedStore)
        try Self.refuseSecondStore(household, environment: environment)
    }

    /// A first sync creates its store; a mistyped `--store` (or configured `store`) beside the
    /// store the family already has would quietly start a second one, with a history of its own.
    private static func refuseSecondStore(_ household: Household, environment: CommandEnvironment) throws {
        let flag = household.flags.store
        let configured = household.configuration.store
        guard let given = flag ?? configured else { return }
        // The flag is measured against the configured store, the configuration against ./store.
        let usual = flag != nil ? (configured ?? Household.defaultStore) : Household.defaultStore
        let files = environment.files
        let givenPath = environment.place(given).path
        let usualPath = environment.place(usual).path
        guard usualPath != givenPath, files.kind(givenPath) == .missing else { return }
        switch files.kind(usualPath) {
        case .folder, .linkedFolder:
            throw HouseholdError(.secondStore(given: given, existing: usual))
        default: return
        }
    }

    /// The engine for one sync (or tick) with these settings, over `configuration` as checked by
    /// the caller (which decides how a refusal is reported).
    public func engine(
        _ configuration: CheckedConfiguration, environment: CommandEnvironment,
        progress: @escaping (SyncProgress) -> Void = { _ in }
    ) -> SyncEngine {
        SyncEngine(
            configuration: configuration, transport: environment.transport(), sessionStore: sessions,
            store: store.path, time: settings.time, clock: clock(environment), progress: progress)
    }

    /// Sync's clock: the run's now (SPEC §3), moving on with the real time that passes during the run.
    public func clock(_ environment: CommandEnvironment) -> SyncClock {
        let start = settings.now
        let started = DispatchTime.now().uptimeNanoseconds
        return SyncClock(
            now: { start.addingTimeInterval(Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9) },
            sleep: environment.sleep ?? SyncClock.system.sleep, random: SyncClock.system.random,
            stopped: environment.syncStopped)
    }
}
