import AemtliCore

/// Everything the site's pages are made from.
public struct SiteInput {
    public var family: Family
    public var schedule: Schedule
    public var vocabulary: Vocabulary
    public var familyTitle: String
    /// Member slugs by member id.
    public var slugs: [String: String]
    /// Feed file names without `.ics`, by member id and `family`.
    public var feedNames: [String: String]
    /// The site's public address (http or https), for absolute subscribe links.
    public var baseURL: String?
    /// Reload the pages this often, for a wall display.
    public var refreshMinutes: Int?

    public init(
        family: Family, schedule: Schedule, vocabulary: Vocabulary, familyTitle: String, slugs: [String: String],
        feedNames: [String: String], baseURL: String? = nil, refreshMinutes: Int? = nil
    ) {
        self.family = family
        self.schedule = schedule
        self.vocabulary = vocabulary
        self.familyTitle = familyTitle
        self.slugs = slugs
        self.feedNames = feedNames
        self.baseURL = baseURL
        self.refreshMinutes = refreshMinutes
    }
}
