/// Everything the store says about one family, merged and checked.
public struct Family: Equatable, Sendable {
    /// The title of the family's `cloudkit.share`, when the store holds one.
    public var shareTitle: String?
    /// Members in order of id.
    public var members: [FamilyMember]
    /// Chores in order of id.
    public var chores: [Chore]

    public init(shareTitle: String? = nil, members: [FamilyMember], chores: [Chore]) {
        self.shareTitle = shareTitle
        self.members = members
        self.chores = chores
    }

    public func member(withID id: String) -> FamilyMember? {
        members.first { $0.id == id }
    }

    /// The chores of each member by member id (every member present), and the unassigned ones
    /// under nil: computed in one pass, for work done per member.
    public func choresByAssignee() -> [String?: [Chore]] {
        var groups: [String?: [Chore]] = Dictionary(uniqueKeysWithValues: members.map { (Optional($0.id), [Chore]()) })
        groups[nil] = []
        for chore in chores { groups[chore.assigneeID, default: []].append(chore) }
        return groups
    }
}
