import AemtliCore

/// One member as the site shows them: the record, its slug and the name of its feed.
public struct SiteMember: Sendable {
    public let member: FamilyMember
    /// The member's position in `Family.members`.
    public let position: Int
    public let slug: String
    public let feedName: String

    public var pagePath: String { SitePaths.memberPage(slug) }
    public var feedPath: String { SitePaths.feed(feedName) }
}
