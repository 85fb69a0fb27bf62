/// The occurrences of a family's chores in a range of local dates (SPEC §5's `agenda`), sorted by
/// start, then chore id. Entries refer to their chore by index, so a long agenda stays small.
public struct Agenda: Sendable {
    public let family: Family
    public let entries: [AgendaEntry]

    init(family: Family, entries: [AgendaEntry]) {
        self.family = family
        self.entries = entries
    }

    public func chore(of entry: AgendaEntry) -> Chore { family.chores[entry.choreIndex] }

    public func member(of entry: AgendaEntry) -> FamilyMember? {
        family.chores[entry.choreIndex].assigneeID.flatMap(family.member(withID:))
    }

    public func slug(of entry: AgendaEntry) -> String? {
        family.chores[entry.choreIndex].assigneeID.flatMap(family.slug(ofMemberID:))
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
    /// Every occurrence of the local dates `[from, to)` (by `Occurrence.date`: one a gap moved
    /// past midnight is its written day's), sorted by start, then chore id;
    /// only `memberID`'s chores when one is given.
    /// With `open`, first the current occurrences that are overdue and still open and start before
    /// `from` ("what do I still have to do"), in order of start, then chore id.
    public func agenda(
        of family: Family, from: CivilDate, to: CivilDate, memberID: String? = nil, open: Bool = false
    ) -> Agenda {
        let indices = family.chores.indices.filter { memberID == nil || family.chores[$0].assigneeID == memberID }
        let range = agenda(of: family, choreIndices: indices, from: from, to: to)
        guard open else { return range }
        let overdue = indices.compactMap { index -> AgendaEntry? in
            let chore = family.chores[index]
            guard status(of: chore) == .overdue, let occurrence = currentOccurrence(of: chore), occurrence.date < from
            else { return nil }
            return AgendaEntry(occurrence: occurrence, choreIndex: index, status: .overdue)
        }.sorted {
            ($0.occurrence.start, family.chores[$0.choreIndex].id) < (
                $1.occurrence.start, family.chores[$1.choreIndex].id
            )
        }
        return Agenda(family: family, entries: overdue + range.entries)
    }

    /// The same for the chores at `choreIndices` in `family.chores`, e.g. one member's.
    public func agenda(of family: Family, choreIndices: [Int], from: CivilDate, to: CivilDate) -> Agenda {
        let chores = family.chores
        // Expanding the chores in order of id makes "then chore id" the order of expansion.
        var order = choreIndices
        if !zip(order, order.dropFirst()).allSatisfy({ chores[$0.0].id < chores[$0.1].id }) {
            order.sort { chores[$0].id < chores[$1].id }
        }
        var entries: [AgendaEntry] = []
        for index in order {
            let chore = chores[index]
            for occurrence in chore.occurrences(from: from, to: to, in: time) {
                entries.append(
                    AgendaEntry(
                        occurrence: occurrence, choreIndex: index, status: status(of: chore, occurrence: occurrence)))
            }
        }
        // Sort plain (start, position) keys: ties on start keep the order of expansion.
        var keys = entries.enumerated().map { (start: $1.occurrence.start.millis, entry: $0) }
        keys.sort { $0.start != $1.start ? $0.start < $1.start : $0.entry < $1.entry }
        return Agenda(family: family, entries: keys.map { entries[$0.entry] })
    }
}
