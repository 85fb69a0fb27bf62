/// One done or undone line of the completion journal (SPEC §8.5): which chore, which way its flag
/// went, when (the version's `modified.timestamp`), who it was assigned to then, and the words the
/// line keeps for a reader of the file (History uses none of them).
public struct JournalEvent: Equatable, Sendable {
    public enum Kind: String, CaseIterable, Sendable {
        case done
        case undone
    }

    public var choreID: String
    public var kind: Kind
    /// Milliseconds since 1970.
    public var at: Int64
    /// The member id the chore was assigned to at `at`; nil when unassigned.
    public var assignedTo: String?
    /// The first local day (`YYYY-MM-DD`) of the chore's period holding `at`; nil for a once chore.
    public var period: String?
    public var title: String?
    public var changeTag: String?

    public init(
        choreID: String, kind: Kind, at: Int64, assignedTo: String? = nil, period: String? = nil, title: String? = nil,
        changeTag: String? = nil
    ) {
        self.choreID = choreID
        self.kind = kind
        self.at = at
        self.assignedTo = assignedTo
        self.period = period
        self.title = title
        self.changeTag = changeTag
    }
}
