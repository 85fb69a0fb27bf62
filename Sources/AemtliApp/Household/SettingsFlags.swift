import AemtliCore

/// The settings a command line gives over `aemtli.json`'s (SPEC §7), each nil when its flag is not
/// there, as the user typed it: `Household.resolve` checks them, and a bad value is a usage error
/// naming the flag.
public struct SettingsFlags: Equatable, Sendable {
    /// `--config`: the configuration file, instead of `./aemtli.json` when there is one.
    public var config: String?
    public var store: String?
    public var out: String?
    /// `--now`, as written: it may be a local time, which needs the zone.
    public var now: String?
    public var timeZone: String?
    public var language: Language?
    public var baseURL: String?
    /// `--templates`: a folder of templates over the built-in ones.
    public var templates: String?

    public init() {}
}
