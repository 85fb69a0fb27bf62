import CloudKitWeb
import Files
import Foundation
import JSON

/// What `aemtli sync status` shows: who is signed in, database and zone, the last sync and its
/// outcome, records held, per-record errors, and the session's age and expected end.
public struct SyncOverview: Sendable {
    public var session: Session?
    public var zoneName: String?
    public var database: CloudKitDatabase?
    public var lastSuccess: Date?
    /// Live records in the store's synced pages.
    public var recordsHeld: Int
    public var skippedRecords: [String]
    public var lastRun: SyncStatus?

    /// Reads without locking or changing anything; a missing store or session is simply absent.
    public static func read(store: String, sessionStore: SessionStore, files: FileIO = .local) throws -> SyncOverview {
        let layout = StoreLayout(store: store)
        let state = try SyncState.load(from: layout.state, files: SyncFiles(files))
        var known = KnownRecords()
        if let state {
            let pages = PageStore(layout: layout, files: SyncFiles(files))
            for generation in [state.replaces, state.generation].compactMap({ $0 }) where generation > 0 {
                for number in pages.pages(in: generation)
                where generation != state.generation || number <= state.lastPage {
                    if let body = try? JSONParser.parse(try pages.readPage(number, generation: generation)) {
                        known.apply(KnownRecords.records(in: body))
                    }
                }
            }
        }
        return SyncOverview(
            session: try sessionStore.load(), zoneName: state?.zoneName, database: state?.database,
            lastSuccess: state?.lastSuccess, recordsHeld: known.liveCount, skippedRecords: state?.skipped ?? [],
            lastRun: SyncStatus.read(store: store, files: files))
    }

    /// For monitoring: 0 when the last run succeeded and the last success is at most
    /// `staleAfterMinutes` old, the last failure's code otherwise (75 for data gone stale, or a
    /// store never synced; 77 with no session).
    public func exitCode(now: Date, staleAfterMinutes: Int) -> Int32 {
        guard session != nil else { return 77 }
        guard let lastRun else { return 75 }
        guard lastRun.result == .ok else { return lastRun.result.exitCode }
        guard let lastSuccess, now.timeIntervalSince(lastSuccess) <= Double(staleAfterMinutes) * 60 else { return 75 }
        return 0
    }
}
