/// What became of writing a chore's done flag to CloudKit (SPEC §10). Only the two `written`
/// cases say the write was made; every other case wrote nothing.
public enum TickOutcome: Equatable, Sendable {
    /// CloudKit saved it; `changeTag` is the saved version's, which an undo carries so that it
    /// undoes this write and nothing since.
    case written(changeTag: String)
    /// The answer was lost on the way, and the sync after it shows the version the write would have
    /// made. Made, but with no tag of its own to undo by.
    case writtenAnswerLost
    /// The store's version already says so (stale flags counting as open): nothing was sent.
    case alreadyInState
    /// The record changed in iCloud since the version written against: nothing was written; the
    /// store has synced since, so the device can look again.
    case conflict
    /// This Apple ID may not change chores (a read-only share).
    case accessDenied
    /// No such chore in the store, or it is gone from iCloud.
    case notFound
    /// The answer was lost on the way and the sync after it does not show the write: as far as
    /// anyone can tell, nothing was written.
    case answerLostNotWritten
    /// Saved again, but CloudKit kept `modified` before the current period, so the flag is as stale
    /// as before: the tick did not count.
    case notInCurrentPeriod

    /// The word the audit log keeps for it.
    public var auditName: String {
        switch self {
        case .written: return "written"
        case .writtenAnswerLost: return "written, answer lost"
        case .alreadyInState: return "already"
        case .conflict: return "conflict"
        case .accessDenied: return "access denied"
        case .notFound: return "not found"
        case .answerLostNotWritten: return "answer lost"
        case .notInCurrentPeriod: return "not in current period"
        }
    }
}
