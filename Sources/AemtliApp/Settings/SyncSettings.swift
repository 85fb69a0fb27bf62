import AemtliSync
import CloudKitWeb
import Files
import Foundation

/// What every sync command needs, resolved once: the CloudKit settings (flag, else `aemtli.json`'s
/// `cloudkit`, else the default; the API token also from `AEMTLI_CLOUDKIT_API_TOKEN`), where the
/// session lives, the store, and the run's time.
struct SyncSettings {
    let cloudKit: SyncConfiguration
    let sessions: SessionStore
    let settings: Settings
    /// The store folder sync keeps (`--store`, default `./store`), as the system and the user see it.
    let store: FileIO.Place

    /// `configuration` when the caller has it already (serve keeps the last one that read).
    init(_ invocation: Invocation, configuration given: Configuration? = nil) throws {
        let configuration = try given ?? invocation.loadConfiguration()
        settings = try Settings.resolve(
            invocation.arguments, configuration: configuration, environment: invocation.environment,
            path: invocation.path)
        let file = configuration.cloudkit
        let arguments = invocation.arguments
        let variables = invocation.environment.variables
        let token =
            arguments.value(.apiToken) ?? file.apiToken
            ?? variables[SyncConfiguration.apiTokenVariable].flatMap { $0.isEmpty ? nil : $0 }
        cloudKit = SyncConfiguration(
            container: arguments.value(.container) ?? file.container ?? SyncConfiguration.defaultContainer,
            environment: try invocation.value(.cloudKitEnvironment, as: CloudKitEnvironment.self) ?? file.environment
                ?? .production,
            apiToken: token,
            database: try invocation.value(.database, as: SyncConfiguration.DatabaseChoice.self) ?? file.database
                ?? .auto,
            zone: arguments.value(.zone) ?? file.zone ?? "MainZone",
            endpoint: arguments.value(.endpoint) ?? file.endpoint ?? Endpoint.apple.base,
            callbackPort: try invocation.number(.callbackPort, in: 0...65_535) ?? file.callbackPort
                ?? SyncConfiguration.defaultCallbackPort)
        guard let folder = SessionStore.defaultFolder(environment: variables) else {
            throw HouseholdError(.noSessionFolder)
        }
        sessions = SessionStore(folder: folder, container: cloudKit.container, environment: cloudKit.environment)
        store = invocation.environment.place(settings.store ?? "store")
        try Self.refuseSecondStore(invocation, configured: configuration.store)
    }

    /// A first sync creates its store; a mistyped `--store` (or configured `store`) beside the
    /// store the family already has would quietly start a second one, with a history of its own.
    private static func refuseSecondStore(_ invocation: Invocation, configured: String?) throws {
        let flag = invocation.arguments.value(.store)
        guard let given = flag ?? configured else { return }
        // The flag is measured against the configured store, the configuration against ./store.
        let usual = flag != nil ? (configured ?? "store") : "store"
        let files = invocation.environment.files
        let givenPath = invocation.environment.place(given).path
        let usualPath = invocation.environment.place(usual).path
        guard usualPath != givenPath, files.kind(givenPath) == .missing else { return }
        switch files.kind(usualPath) {
        case .folder, .linkedFolder:
            throw HouseholdError(.secondStore(given: given, existing: usual))
        default: return
        }
    }

    /// The engine for one sync (or tick) with these settings, over `configuration` as checked by
    /// the caller (which decides how a refusal is reported).
    func engine(
        _ configuration: CheckedConfiguration, environment: CommandEnvironment,
        progress: @escaping (SyncProgress) -> Void = { _ in }
    ) -> SyncEngine {
        SyncEngine(
            configuration: configuration, transport: environment.transport(), sessionStore: sessions,
            store: store.path, time: settings.time, clock: clock(environment), progress: progress)
    }

    /// Sync's clock: the run's now (SPEC §3), moving on with the real time that passes during the run.
    func clock(_ environment: CommandEnvironment) -> SyncClock {
        let start = settings.now
        let started = DispatchTime.now().uptimeNanoseconds
        return SyncClock(
            now: { start.addingTimeInterval(Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9) },
            sleep: environment.sleep ?? SyncClock.system.sleep, random: SyncClock.system.random,
            stopped: environment.syncStopped)
    }
}
