/// What one sync run did, for the CLI's summary line.
public struct SyncReport: Equatable, Sendable {
    /// HTTP requests sent, retries included.
    public var requests = 0
    /// Page files committed in this run.
    public var pages = 0
    /// Record entries (versions, tombstones, errors) received.
    public var records = 0
    /// Nothing had changed since the last sync (one request).
    public var unchanged = false
    /// The run fetched the whole zone into a new generation.
    public var fullFetch = false
    /// The run wrote a local snapshot in place of the generation's pages.
    public var compacted = false
    /// Done/undone lines added to the journal.
    public var journalEvents = 0
    /// Sentences worth showing even on success (a deleted zone).
    public var warnings: [String] = []

    public init() {}
}

/// Progress after each committed page, for a terminal.
public struct SyncProgress: Equatable, Sendable {
    public var pages: Int
    public var records: Int
}
