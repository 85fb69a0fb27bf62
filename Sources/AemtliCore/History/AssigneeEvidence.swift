/// What is known of who a chore was assigned to, and when: each journal event's `assignedTo` at
/// its time, then the store's assignee at the record's last change. A period without a tick
/// belongs to whoever the latest evidence at or before its end names, else the earliest evidence.
struct AssigneeEvidence {
    /// (milliseconds, member id or nil), ascending by time.
    private let points: [(at: Int64, memberID: String?)]

    /// `events` ascending by time; `store` the store's assignee and when the record last changed
    /// (nil: unknown, taken as after every event).
    init(events: [JournalEvent], store: (at: Int64?, memberID: String?)) {
        var points = events.map { (at: $0.at, memberID: $0.assignedTo) }
        points.append((at: max(store.at ?? .max, points.last?.at ?? .min), memberID: store.memberID))
        self.points = points
    }

    /// The member the chore was assigned to at `end`, by the rule above.
    func member(at end: Int64) -> String? {
        let low = points.partitionPoint { $0.at > end }
        return low == 0 ? points.first?.memberID : points[low - 1].memberID
    }
}
