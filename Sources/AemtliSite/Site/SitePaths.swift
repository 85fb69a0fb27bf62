import AemtliCore

/// The one place the site's file paths are spelled (SPEC §5). Paths are relative to the output
/// folder; a page in a sub-folder reaches them through `root` ("../").
public enum SitePaths {
    public static let dashboard = "index.html"
    public static let agenda = "agenda.json"
    public static let wall = "wall.html"
    public static let wallStylesheet = asset("wall.css")
    public static let memberStylesheet = asset("members.css")
    public static let stylesheet = asset("style.css")
    public static let icon = asset("favicon.svg")

    public static func memberPage(_ slug: String) -> String { "members/\(slug).html" }
    public static func feed(_ name: String) -> String { "feeds/\(name).ics" }
    public static func report(_ week: ISOWeek) -> String { "reports/\(week).html" }
    public static func asset(_ path: String) -> String { "assets/" + path }

    /// `root` before each page in `members/`, nothing before the pages at the top.
    public static let memberPagesRoot = "../"

    /// `path` under the site's public address `base`, for links that leave the site (feeds, calendars).
    public static func absolute(_ path: String, base: String) -> String {
        (base.hasSuffix("/") ? base : base + "/") + path
    }
}
