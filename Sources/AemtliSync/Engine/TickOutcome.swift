/// What became of writing a chore's done flag to CloudKit (SPEC §10).
public enum TickOutcome: Equatable, Sendable {
    /// Written, and the store has synced it since.
    case written
    /// The store's version already says so: nothing was written.
    case alreadyInState
    /// The record changed in iCloud since the store's version: nothing was written; the store has
    /// synced since, so the device can look again.
    case conflict
    /// This Apple ID may not change chores (a read-only share).
    case accessDenied
    /// No such chore in the store, or it is gone from iCloud.
    case notFound
}
