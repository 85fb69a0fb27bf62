/// The files a sync commits, in the order it commits them for each page.
enum StoreFileKind: Equatable, Sendable {
    case page
    case journal
    case state
    case status
}

/// A test's way to stop a run at a chosen instant, as a crash would: `beforeWriting` is called
/// before each file is committed and may throw.
struct SyncHooks: Sendable {
    var beforeWriting: @Sendable (StoreFileKind) throws -> Void = { _ in }
}
