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
}
