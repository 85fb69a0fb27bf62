import Foundation

/// One chore ("Ämtli") as the app syncs it (`Chore` records); SPEC §2 gives each field's meaning.
public struct Chore: Equatable, Sendable {
    /// The app's chore id: the record name, or `CD_id` for Core Data records.
    public var id: String
    public var title: String
    /// The member id it is assigned to; nil when unassigned (or naming no member).
    public var assigneeID: String?
    public var dueDate: Date?
    /// The app's one done flag; it speaks of the current period (see `isDoneFlagStale`).
    public var isDone: Bool
    public var recurrence: Recurrence
    public var createdAt: Date
    public var deadline: Date?
    /// When the record last changed on the server, if known: it tells whether `isDone` is stale.
    public var modified: Date?
    /// When the record was first saved on the server, if known.
    public var created: Date?

    public init(
        id: String, title: String, assigneeID: String? = nil, dueDate: Date? = nil, isDone: Bool = false,
        recurrence: Recurrence = .once, createdAt: Date, deadline: Date? = nil, modified: Date? = nil,
        created: Date? = nil
    ) {
        self.id = id
        self.title = title
        self.assigneeID = assigneeID
        self.dueDate = dueDate
        self.isDone = isDone
        self.recurrence = recurrence
        self.createdAt = createdAt
        self.deadline = deadline
        self.modified = modified
        self.created = created
    }
}
