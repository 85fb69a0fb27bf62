import AemtliCore
import Foundation

/// One member as the site shows them: the record, its slug and the name of its feed.
public struct SiteMember: Sendable {
    public let member: FamilyMember
    /// The member's position in `Family.members`.
    public let position: Int
    public let slug: String
    public let feedName: String
    public let color: MemberColor

    /// The name's first character, upper-cased, shown with the colour (never the colour alone).
    public var initial: String { Self.initial(of: member.name) }

    /// A name's first letter or digit, upper-cased; "?" for a name with none.
    public static func initial(of name: String) -> String {
        name.first { $0.isLetter || $0.isNumber }.map { String($0).uppercased() } ?? "?"
    }

    public var pagePath: String { SitePaths.memberPage(slug) }
    public var feedPath: String { SitePaths.feed(feedName) }
}
