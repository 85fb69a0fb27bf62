import AemtliCore

/// What a feed build needs beyond the family and the schedule.
public struct FeedOptions: Sendable {
    public var familyTitle: String
    public var vocabulary: Vocabulary
    /// Length of timed events (SPEC §4's `eventMinutes`).
    public var eventMinutes: Int
    /// Minutes before a timed event to remind, if any.
    public var reminderMinutes: Int?
    /// The site's public address, for links to member pages.
    public var baseURL: String?
    /// Member pages by member id (paths relative to the site), for links in descriptions.
    public var memberPages: [String: String]

    public init(
        familyTitle: String, vocabulary: Vocabulary, eventMinutes: Int = 30, reminderMinutes: Int? = nil,
        baseURL: String? = nil, memberPages: [String: String] = [:]
    ) {
        self.familyTitle = familyTitle
        self.vocabulary = vocabulary
        self.eventMinutes = eventMinutes
        self.reminderMinutes = reminderMinutes
        self.baseURL = baseURL
        self.memberPages = memberPages
    }
}

