import AemtliCore
import AemtliSite
import Foundation

/// The settings one run uses at one time: the household's (`Household.settings(at:)`, resolved
/// once from flags, `aemtli.json` and the environment, SPEC §3, §7) and the time it is. Everything
/// after this point takes them from here; nothing here changes.
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
}
