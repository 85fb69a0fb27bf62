/// What became of writing a chore's done flag to CloudKit (SPEC §10). The `written` cases say the
/// write was made (`writtenStillStale` made it without the effect asked for); every other case
/// wrote nothing, as far as CloudKit's answer or the sync after a lost one can tell.
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
    /// A stale flag saved again, but CloudKit kept `modified` before the current period, so the flag
    /// is as stale as before: written, yet the tick did not count.
    case writtenStillStale

    /// The word the audit log keeps for it.
    public var auditName: String {
        switch self {
        case .written: return "written"
        case .writtenAnswerLost: return "answer lost, now as asked"
        case .alreadyInState: return "already"
        case .conflict: return "conflict"
        case .accessDenied: return "access denied"
        case .notFound: return "not found"
        case .answerLostNotWritten: return "answer lost"
        case .writtenStillStale: return "written, still stale"
        }
    }
}
