/// The occurrences of a family's chores in a range of local dates (SPEC §5's `agenda`), sorted by
/// start, then chore id. Entries refer to their chore by index, so a long agenda stays small.
public struct Agenda: Sendable {
    public let family: Family
    public let entries: [AgendaEntry]
    /// Member slugs by member id (SPEC §5).
    public let slugs: [String: String]
    private let membersByID: [String: FamilyMember]

    init(family: Family, entries: [AgendaEntry], slugs: [String: String]? = nil) {
        self.family = family
        self.entries = entries
        self.slugs = slugs ?? MemberSlugs.assign(family.members)
        self.membersByID = Dictionary(family.members.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    public func chore(of entry: AgendaEntry) -> Chore { family.chores[entry.choreIndex] }

    public func member(of entry: AgendaEntry) -> FamilyMember? {
        family.chores[entry.choreIndex].assigneeID.flatMap { membersByID[$0] }
    }

    public func slug(of entry: AgendaEntry) -> String? {
        family.chores[entry.choreIndex].assigneeID.flatMap { slugs[$0] }
    }

    /// The entries grouped by assignee (nil: unassigned), each group in agenda order.
    public func entriesByAssignee() -> [String?: [AgendaEntry]] {
        var groups: [String?: [AgendaEntry]] = [:]
        for entry in entries { groups[family.chores[entry.choreIndex].assigneeID, default: []].append(entry) }
        return groups
    }
}

/// One occurrence in an agenda, with its status (§4's for the current one, `past` or `upcoming`
/// for those of other periods).
public struct AgendaEntry: Equatable, Sendable {
    public var occurrence: Occurrence
    /// The chore's index in `Agenda.family.chores`.
    public var choreIndex: Int
    public var status: ChoreStatus
}

extension Schedule {
    /// Every occurrence starting in the local dates `[from, to)`, sorted by start, then chore id;
    /// only `memberID`'s chores when one is given.
    /// `slugs` saves deriving the member slugs again when the caller has them.
    public func agenda(of family: Family, from: CivilDate, to: CivilDate, memberID: String? = nil, slugs: [String: String]? = nil) -> Agenda {
        // Chores are expanded in chunks on all cores; the chunks keep chore order.
        let chores = family.chores
        let chunkSize = 1024
        let chunks = (try? ParallelMap.map((chores.count + chunkSize - 1) / chunkSize) { chunk -> [AgendaEntry] in
            var entries: [AgendaEntry] = []
            for index in chunk * chunkSize..<min(chores.count, (chunk + 1) * chunkSize) {
                let chore = chores[index]
                guard memberID == nil || chore.assigneeID == memberID else { continue }
                for occurrence in chore.occurrences(from: from, to: to, in: time) {
                    entries.append(AgendaEntry(occurrence: occurrence, choreIndex: index, status: status(of: chore, occurrence: occurrence)))
                }
            }
            return entries
        }) ?? []
        let entries = Array(chunks.joined())
        // Sort plain (start, chore index, entry) keys; ties on start go by chore id.
        var keys = entries.enumerated().map { (start: FamilyTime.millis($1.occurrence.start), chore: $1.choreIndex, entry: $0) }
        keys.sort { left, right in
            if left.start != right.start { return left.start < right.start }
            if left.chore == right.chore { return left.entry < right.entry }
            return family.chores[left.chore].id < family.chores[right.chore].id
        }
        return Agenda(family: family, entries: keys.map { entries[$0.entry] }, slugs: slugs)
    }
}
