import AemtliCore
import AemtliSite
import AemtliSync
import Files
import Foundation

/// The family's household as aemtli works for it: the settings of one version of the
/// configuration with the command line's flags over them, where the store, the output and the
/// state live, and the family's zone and language. Worked out once per version of the
/// configuration (`resolve`: once per command, and by `serve` once per edit of the file) and then
/// handed down. The time is not part of it: each command or serve turn reads the clock once and
/// asks for the settings at that time (`settings(at:)`).
public struct Household {
    /// The store every command reads and `sync` writes when none is named: `./store` (SPEC §2, §7).
    public static let defaultStore = "store"

    public let configuration: Configuration
    /// Where the configuration is read from: `--config`, else `./aemtli.json`.
    public let configurationPlace: FileIO.Place
    public let flags: SettingsFlags
    /// The family's zone, with its rules from the system's tz database (SPEC §3).
    public let zone: FamilyZone
    public let language: Language
    public let baseURL: String?
    /// The time `--now` or `SOURCE_DATE_EPOCH` fixes; nil: the clock says.
    public let fixedNow: Date?
    /// Where the sign-in, the paired devices and the parents' PINs live (`$XDG_STATE_HOME/aemtli`,
    /// else `~/.local/state/aemtli`); nil when neither variable names an absolute folder.
    public let stateFolder: String?

    /// The store the user named (`--store`, else the configuration's `store`); nil means `./store`
    /// when there is one, else the demo family.
    public var store: String? { flags.store ?? configuration.store }

    /// The folder `build` and `serve` write: `--out`, else the configuration's `out`, else `_site`.
    public var out: String { flags.out ?? configuration.out ?? "_site" }

    /// The store `sync` keeps and ticks note in: the one named, else `./store` (made by the first sync).
    public var syncedStore: String { store ?? Self.defaultStore }

    /// The time it is for this household when the clock says `clock`.
    public func now(clock: Date) -> Date {
        fixedNow ?? clock
    }

    /// The settings at `now`, with the defaults for what neither flag nor configuration says.
    public func settings(at now: Date) -> Settings {
        let weekStart = configuration.weekStart ?? .monday
        return Settings(
            now: now, zone: zone, language: language, title: configuration.title, baseURL: baseURL,
            weekStart: weekStart, dueSoonDays: configuration.dueSoonDays ?? 3,
            eventMinutes: configuration.eventMinutes ?? 30, reminderMinutes: configuration.reminderMinutes,
            refreshMinutes: configuration.refreshMinutes, privateFeeds: configuration.privateFeeds ?? false,
            staleAfterMinutes: configuration.staleAfterMinutes ?? 120, store: store, out: out,
            time: FamilyTime(zone: zone, weekStart: weekStart, around: now))
    }

    /// Reads the configuration and works out the household from it: what a command does first.
    public static func read(_ flags: SettingsFlags, environment: CommandEnvironment) throws -> Household {
        try resolve(flags, configuration: loadConfiguration(flags, environment: environment), environment: environment)
    }

    /// Where the configuration is: the file `--config` names, else `./aemtli.json`.
    public static func configurationPlace(_ flags: SettingsFlags, environment: CommandEnvironment) -> FileIO.Place {
        environment.place(flags.config ?? "aemtli.json")
    }

    /// The configuration file named by `--config`, else `./aemtli.json` if there is one; its
    /// warnings (unknown keys) are said on standard error.
    public static func loadConfiguration(
        _ flags: SettingsFlags, environment: CommandEnvironment
    ) throws -> Configuration {
        let place = configurationPlace(flags, environment: environment)
        if flags.config == nil, environment.files.kind(place.path) == .missing {
            return Configuration()
        }
        let bytes = try environment.files.read(place, what: "configuration file")
        let (configuration, warnings) = try Configuration.parse(bytes, source: place.shown)
        warnings.forEach { environment.diagnose(.warning, $0) }
        return configuration
    }

    /// Works out the household from flags, the configuration and the environment (SPEC §3, §7):
    /// the one place settings are resolved. A notice about the zone's data is said here, once.
    public static func resolve(
        _ flags: SettingsFlags, configuration: Configuration, environment: CommandEnvironment
    ) throws -> Household {
        let resolver = SettingsResolver(flags: flags, configuration: configuration, environment: environment)
        let (zone, notice) = try resolver.zone()
        if let notice { environment.diagnose(.notice, notice) }
        let fixedNow = try resolver.fixedNow(in: zone)
        return Household(
            configuration: configuration, configurationPlace: configurationPlace(flags, environment: environment),
            flags: flags, zone: zone, language: flags.language ?? configuration.language ?? .en,
            baseURL: try resolver.baseURL(), fixedNow: fixedNow,
            stateFolder: SessionStore.defaultFolder(environment: environment.variables))
    }
}
