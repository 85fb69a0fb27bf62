/// One line of `aemtli agenda`: an occurrence, its chore, who does it, and its status.
public struct AgendaEntry: Equatable, Sendable {
    public var occurrence: Occurrence
    public var chore: Chore
    public var member: FamilyMember?
    public var memberSlug: String?
    public var status: ChoreStatus
}

extension Schedule {
    /// Every occurrence starting in the local dates `[from, to)`, sorted by start, then chore id
    /// (SPEC §5); only `memberID`'s chores when one is given.
    public func agenda(of family: Family, from: CivilDate, to: CivilDate, memberID: String? = nil) -> [AgendaEntry] {
        let slugs = MemberSlugs.assign(family.members)
        let members = Dictionary(family.members.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var entries: [AgendaEntry] = []
        for chore in family.chores where memberID == nil || chore.assigneeID == memberID {
            for occurrence in chore.occurrences(from: from, to: to, in: time) {
                entries.append(AgendaEntry(
                    occurrence: occurrence, chore: chore, member: chore.assigneeID.flatMap { members[$0] },
                    memberSlug: chore.assigneeID.flatMap { slugs[$0] }, status: status(of: chore, occurrence: occurrence)))
            }
        }
        return entries.sorted {
            $0.occurrence.start != $1.occurrence.start ? $0.occurrence.start < $1.occurrence.start : $0.chore.id < $1.chore.id
        }
    }
}
