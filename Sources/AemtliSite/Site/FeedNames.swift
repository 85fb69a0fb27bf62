import AemtliCore

/// The file names (without `.ics`) of the family's feed and of each member's, by the member's
/// position in `Family.members`: the slugs, or the slugs with a private token (config `privateFeeds`).
public struct FeedNames: Equatable, Sendable {
    public var family: String
    public var members: [String]

    public init(family: String, members: [String]) {
        self.family = family
        self.members = members
    }

    /// The plain names: `family` and each member's slug.
    public init(plain family: Family) {
        self.init(family: "family", members: family.slugs)
    }
}
