/// Everything the store says about one family, merged and checked.
public struct Family: Equatable, Sendable {
    /// The title of the family's `cloudkit.share`, when the store holds one.
    public var shareTitle: String?
    /// Members in order of id.
    public let members: [FamilyMember]
    /// Chores in order of id.
    public var chores: [Chore]

    /// Member positions by id, so that looking a member up per chore stays cheap with many members.
    private let memberIndex: [String: Int]

    public init(shareTitle: String? = nil, members: [FamilyMember], chores: [Chore]) {
        self.shareTitle = shareTitle
        self.members = members
        self.chores = chores
        self.memberIndex = Dictionary(members.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    public func member(withID id: String) -> FamilyMember? {
        memberIndex[id].map { members[$0] }
    }

    /// The chores of each member by member id (every member present), and the unassigned ones
    /// under nil: computed in one pass, for work done per member.
    public func choresByAssignee() -> [String?: [Chore]] {
        choreIndicesByAssignee().mapValues { $0.map { chores[$0] } }
    }

    /// The positions in `chores` of each member's chores, like `choresByAssignee()`.
    public func choreIndicesByAssignee() -> [String?: [Int]] {
        // Gathered by member position (one lookup per chore), then keyed by id.
        var byPosition = [[Int]](repeating: [], count: members.count)
        var byOtherID: [String?: [Int]] = [nil: []]
        for (index, chore) in chores.enumerated() {
            if let id = chore.assigneeID, let position = memberIndex[id] {
                byPosition[position].append(index)
            } else {
                byOtherID[chore.assigneeID, default: []].append(index)
            }
        }
        var groups = byOtherID
        groups.reserveCapacity(members.count + byOtherID.count)
        for (position, member) in members.enumerated() { groups[member.id] = byPosition[position] }
        return groups
    }
}
