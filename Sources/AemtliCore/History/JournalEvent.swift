/// One done or undone line of the completion journal (SPEC §8.5), as callers and tests write and
/// read it: which chore, which way its flag went, when (the version's `modified.timestamp`), and
/// who it was assigned to then. The title and change tag stay in the file; History does not use
/// them. Inside, the journal keeps these as `JournalTick`s, ids as numbers.
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

    public init(choreID: String, kind: Kind, at: Int64, assignedTo: String? = nil) {
        self.choreID = choreID
        self.kind = kind
        self.at = at
        self.assignedTo = assignedTo
    }
}
