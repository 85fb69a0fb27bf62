/// What is known of who a chore was assigned to, and when: each journal event's assignee at its
/// time, then the store's assignee at the record's last change. A period without a tick belongs
/// to whoever the latest evidence at or before its end names, else the earliest evidence.
struct AssigneeEvidence {
    private let ticks: [JournalEvent]
    private let store: (at: Int64, memberID: String?)

    /// `ticks` ascending by time; `store` the store's assignee and when the record last changed
    /// (nil: unknown, taken as after every tick).
    init(ticks: [JournalEvent], store: (at: Int64?, memberID: String?)) {
        self.ticks = ticks
        self.store = (max(store.at ?? .max, ticks.last?.at ?? .min), store.memberID)
    }

    /// The member the chore was assigned to at `end`, by the rule above.
    func member(at end: Int64) -> String? {
        if store.at <= end { return store.memberID }
        let low = ticks.partitionPoint { $0.at > end }
        guard let tick = low == 0 ? ticks.first : ticks[low - 1] else { return store.memberID }
        return tick.assignedTo
    }
}
