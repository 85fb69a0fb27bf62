/// What one period of one chore shows in History (README "History and streaks").
public enum HistoryMark: String, CaseIterable, Sendable {
    /// Ticked by the occurrence's due time.
    case done
    /// Ticked in the period, after the due time.
    case late
    /// The period ended while syncs were watching, and no tick stood at its end.
    case missed
    /// Nobody was watching (before the first sync, or a gap longer than the period): no tick seen.
    case unknown
    /// The current period, not ticked yet.
    case open

    /// Done or late: the period counts as done for shares and streaks.
    public var isDone: Bool { self == .done || self == .late }
}
