import AemtliCore
import AemtliSite
import Foundation
import VisibleText

/// The settings one run uses, resolved once from flags, `aemtli.json`, the environment and,
/// last, the clock (SPEC §3, §7). Everything after this point takes them from here; nothing
/// here changes after `resolve`. The rebuild fingerprint is derived from every stored property
/// (`fingerprint`), so a new setting cannot be left out of it.
public struct Settings {
    public let now: Date
    /// The family's zone, with its rules from the system's tz database (SPEC §3).
    public let zone: FamilyZone
    public let language: Language
    public let title: String?
    public let baseURL: String?
    public let weekStart: WeekStart
    public let dueSoonDays: Int
    public let eventMinutes: Int
    public let reminderMinutes: Int?
    public let refreshMinutes: Int?
    public let privateFeeds: Bool
    /// Minutes after the last successful sync before pages say the chores are not current (SPEC §8.6).
    public let staleAfterMinutes: Int
    /// The store the user named (`--store`, else the configuration's `store`); nil means `./store`
    /// when there is one, else the demo family.
    public let store: String?
    /// The folder `build` and `serve` write: `--out`, else the configuration's `out`, else `_site`.
    public let out: String
    /// The family's zone and week as the schedule engine uses them (derived from the above).
    public let time: FamilyTime

    /// Foundation's view of the zone.
    public var timeZone: TimeZone { zone.foundationTimeZone(at: now) }

    /// SPEC §4's view of the chores at now.
    public var schedule: Schedule { Schedule(time: time, now: now, dueSoonDays: dueSoonDays) }

    public var words: Words { Words(language) }

    /// The family's title: configuration, else the CloudKit share's title, else "Ämtli".
    public func familyTitle(_ family: Family) -> String {
        title ?? family.shareTitle ?? "Ämtli"
    }

    public var siteOptions: SiteOptions {
        var options = SiteOptions(
            baseURL: baseURL, refreshMinutes: refreshMinutes, eventMinutes: eventMinutes,
            reminderMinutes: reminderMinutes)
        options.staleAfterMinutes = staleAfterMinutes
        return options
    }

    /// One line per stored setting, `name=value`, for the rebuild fingerprint: every stored
    /// property but `time`, which the zone, the week start and now determine, and the two that say
    /// where rather than what (the store's records and the folder's files are compared themselves).
    var fingerprint: [String] {
        Mirror(reflecting: self).children.compactMap { child in
            guard let name = child.label, !["time", "store", "out"].contains(name) else { return nil }
            switch child.value {
            case let date as Date: return "\(name)=\(date.timeIntervalSince1970.bitPattern)"
            case let zone as FamilyZone: return "\(name)=\(zone.identifier) \(ZoneFingerprint.of(zone))"
            default: return "\(name)=\(String(reflecting: child.value))"
            }
        }
    }

    static func resolve(
        _ arguments: ParsedArguments, configuration: Configuration, environment: CommandEnvironment, path: [String]
    ) throws -> Settings {
        let resolver = SettingsResolver(
            arguments: arguments, configuration: configuration, environment: environment, path: path)
        let (zone, notice) = try resolver.zone()
        if let notice {
            environment.standardError.write("\(HelpFormatter.toolName): notice: \(VisibleText.visible(notice))\n")
        }
        let weekStart = configuration.weekStart ?? .monday
        let now = try resolver.now(in: zone)
        return Settings(
            now: now, zone: zone,
            language: arguments.value(.lang).flatMap(Language.init) ?? configuration.language ?? .en,
            title: configuration.title, baseURL: try resolver.baseURL(), weekStart: weekStart,
            dueSoonDays: configuration.dueSoonDays ?? 3, eventMinutes: configuration.eventMinutes ?? 30,
            reminderMinutes: configuration.reminderMinutes, refreshMinutes: configuration.refreshMinutes,
            privateFeeds: configuration.privateFeeds ?? false,
            staleAfterMinutes: configuration.staleAfterMinutes ?? 120,
            store: arguments.value(.store) ?? configuration.store,
            out: arguments.value(BuildCommand.out) ?? configuration.out ?? "_site",
            time: FamilyTime(zone: zone, weekStart: weekStart, around: now))
    }
}
