/// One done or undone line as the journal keeps it once read: the chore and the assignee as
/// numbers in the journal's `choreNames` and `memberNames`, so that a year of lines holds no string of its own.
struct JournalTick: Equatable, Sendable {
    /// Milliseconds since 1970.
    var at: Int64
    var chore: Int32
    /// -1 when unassigned.
    var assignee: Int32
    var kind: JournalEvent.Kind
}
