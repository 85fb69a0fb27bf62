import AemtliCore

/// Who may tick what (SPEC §10, the app's own roles): a child may tick a chore assigned to that
/// child; anything else needs a parent's PIN. Pure: the endpoint asks before it writes anything.
public enum TickPermission: Equatable, Sendable {
    case allowed
    /// Not without a correct parent's PIN; why, for the device's sentence.
    case needsParentPIN(Why)

    public enum Why: Equatable, Sendable {
        /// The chore is assigned to another member than the one who did it.
        case anotherMembersChore
        /// The chore is assigned to nobody in the family.
        case unassignedChore
        /// The member who did it is a parent: the wall cannot tell a parent from a child with a tablet.
        case parentTicking
    }

    /// Whether `member` may be said to have done `chore` on the wall, given whether a correct
    /// parent's PIN came with the tick (`ParentPins.check` said `.accepted`). `member` is one of the
    /// family's (the endpoint answers 404 for an unknown slug before asking); an assignee that
    /// names nobody in the family counts as none.
    public static func decide(
        family: Family, chore: Chore, doneBy member: FamilyMember, correctParentPIN: Bool
    ) -> TickPermission {
        if correctParentPIN { return .allowed }
        guard member.role == .child else { return .needsParentPIN(.parentTicking) }
        guard let assignee = chore.assigneeID, family.member(withID: assignee) != nil else {
            return .needsParentPIN(.unassignedChore)
        }
        return assignee == member.id ? .allowed : .needsParentPIN(.anotherMembersChore)
    }
}
