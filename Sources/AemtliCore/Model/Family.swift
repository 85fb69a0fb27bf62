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

    /// Gathered by member position (one lookup per chore, in chunks on all cores), then keyed by id.
    private static func gather(_ chores: [Chore], members: [FamilyMember], memberIndex: [String: Int]) -> [String?: [Int]] {
        let chunks = ParallelMap.chunks(chores.count, size: 4096) { range -> (byPosition: [[Int]], byOtherID: [String?: [Int]]) in
            var byPosition = [[Int]](repeating: [], count: members.count)
            var byOtherID: [String?: [Int]] = [:]
            for index in range {
                if let id = chores[index].assigneeID, let position = memberIndex[id] {
                    byPosition[position].append(index)
                } else {
                    byOtherID[chores[index].assigneeID, default: []].append(index)
                }
            }
            return (byPosition, byOtherID)
        }
        var groups: [String?: [Int]] = [nil: []]
        groups.reserveCapacity(members.count + 1)
        for (position, member) in members.enumerated() where memberIndex[member.id] == position {
            groups[member.id] = chunks.flatMap { $0.byPosition[position] }
        }
        for chunk in chunks {
            for (id, indices) in chunk.byOtherID { groups[id, default: []] += indices }
        }
        return groups
    }
}
