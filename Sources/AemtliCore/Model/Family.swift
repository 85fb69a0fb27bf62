/// Everything the store says about one family, merged and checked.
public struct Family: Equatable, Sendable {
    /// The title of the family's `cloudkit.share`, when the store holds one.
    public var shareTitle: String?
    /// Members in order of id.
    public let members: [FamilyMember]
    /// Chores in order of id.
    public let chores: [Chore]

    /// Each member's slug (SPEC §5), by position in `members`: derived once, here.
    public let slugs: [String]
    /// Member positions by id, so that looking a member up per chore stays cheap with many members.
    private let memberIndex: [String: Int]
    /// Member positions by slug.
    private let slugIndex: [String: Int]
    /// The positions of each member's chores, worked out once (see `choreIndicesByAssignee()`).
    private let choreIndices: [String?: [Int]]

    public init(shareTitle: String? = nil, members: [FamilyMember], chores: [Chore]) {
        self.shareTitle = shareTitle
        self.members = members
        self.chores = chores
        let memberIndex = Dictionary(members.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.memberIndex = memberIndex
        let slugs = MemberSlugs.assign(members)
        self.slugs = slugs
        self.slugIndex = Dictionary(slugs.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        self.choreIndices = Self.gather(chores, members: members, memberIndex: memberIndex)
    }

    public func member(withID id: String) -> FamilyMember? {
        memberIndex[id].map { members[$0] }
    }

    /// The slug of the member `id`; nil when no member has that id.
    public func slug(ofMemberID id: String) -> String? {
        memberIndex[id].map { slugs[$0] }
    }

    /// The position in `members` of the member `id`.
    public func position(ofMemberID id: String) -> Int? {
        memberIndex[id]
    }

    /// The member whose slug is `slug`, as `--member` names one.
    public func member(withSlug slug: String) -> FamilyMember? {
        slugIndex[slug].map { members[$0] }
    }

    /// The chores of each member by member id (every member present), and the unassigned ones
    /// under nil: computed in one pass, for work done per member.
    public func choresByAssignee() -> [String?: [Chore]] {
        choreIndicesByAssignee().mapValues { $0.map { chores[$0] } }
    }

    /// The chores of the member `memberID` (nil: the unassigned ones), in order of id.
    public func chores(assignedTo memberID: String?) -> [Chore] {
        (choreIndices[memberID] ?? []).map { chores[$0] }
    }

    /// The positions in `chores` of each member's chores, like `choresByAssignee()`.
    public func choreIndicesByAssignee() -> [String?: [Int]] {
        choreIndices
    }

    /// Every member's id (an empty list for one without chores) and nil for the unassigned ones.
    private static func gather(
        _ chores: [Chore], members: [FamilyMember], memberIndex: [String: Int]
    ) -> [String?: [Int]] {
        var groups: [String?: [Int]] = [nil: []]
        for member in members { groups[member.id] = [] }
        for (index, chore) in chores.enumerated() { groups[chore.assigneeID, default: []].append(index) }
        return groups
    }
}
