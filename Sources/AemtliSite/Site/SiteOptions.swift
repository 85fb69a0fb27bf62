/// What the site's owner chose, resolved from flags and configuration by the caller.
public struct SiteOptions: Sendable {
    /// The site's public address (http or https), for absolute subscribe links and feed URLs.
    public var baseURL: String?
    /// Reload the dashboard and member pages this often, when set.
    public var refreshMinutes: Int?
    /// How often the wall display reloads itself (SPEC §7 `refreshMinutes`: default 5, 0 = never).
    public var wallRefreshMinutes: Int { refreshMinutes ?? 5 }
    /// Length of timed events (SPEC §4's `eventMinutes`).
    public var eventMinutes: Int
    /// Minutes before a timed event to remind, if any.
    public var reminderMinutes: Int?
    /// Minutes after the last successful sync before the pages say the chores are not current.
    public var staleAfterMinutes = 120
    /// The pages follow `aemtli serve` (SPEC §9): they carry the script that follows its event
    /// stream, and no time that changes with every build (the "Updated" time, the wall's build
    /// time, "Chores as of"), so that a build that found nothing new writes the same bytes.
    public var live = false
    /// Live pages offer "Done" on open chores to paired devices (SPEC §10; config `ticks`).
    public var ticks = false
    /// Built from the built-in demo family: every page says so, so that a build run in the wrong
    /// folder is not taken for the family's chores.
    public var demo = false
    /// `aemtli serve` builds with the last configuration that read, because the file no longer
    /// does: the pages tell the parents, since no one watches serve's log.
    public var configurationKept = false

    public init(baseURL: String? = nil, refreshMinutes: Int? = nil, eventMinutes: Int = 30, reminderMinutes: Int? = nil)
    {
        self.baseURL = baseURL
        self.refreshMinutes = refreshMinutes
        self.eventMinutes = eventMinutes
        self.reminderMinutes = reminderMinutes
    }
}
