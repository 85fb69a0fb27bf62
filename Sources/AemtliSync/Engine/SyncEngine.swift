import AemtliCore
import CloudKitWeb
import Files
import Foundation

/// `aemtli sync` (SPEC §8.3–§8.6): brings `STORE/cloudkit/` in step with the family's zone.
///
/// ```swift
/// let engine = SyncEngine(configuration: try settings.checked(), transport: URLSessionTransport(),
///                         sessionStore: sessions, store: "store", time: familyTime)
/// let report = try engine.run(full: false)   // throws SyncError; its exitCode is the command's
/// ```
///
/// One run holds the store's lock, sends one request at a time, commits page by page, and
/// writes `STORE/cloudkit/status` whether it succeeds or fails (a second run that finds the
/// lock taken fails at once with 75 and leaves the status to the first).
public final class SyncEngine {
    let configuration: CheckedConfiguration
    let transport: CloudKitTransport
    let sessionStore: SessionStore
    let layout: StoreLayout
    let time: FamilyTime
    let clock: SyncClock
    let files: SyncFiles
    let progress: (SyncProgress) -> Void
    var hooks = SyncHooks()
    var compaction = Compactor.Policy()

    public init(
        configuration: CheckedConfiguration, transport: CloudKitTransport, sessionStore: SessionStore, store: String,
        time: FamilyTime, clock: SyncClock = .system, files: FileIO = .local,
        progress: @escaping (SyncProgress) -> Void = { _ in }
    ) {
        self.configuration = configuration
        self.transport = transport
        self.sessionStore = sessionStore
        layout = StoreLayout(store: store)
        self.time = time
        self.clock = clock
        self.files = SyncFiles(files)
        self.progress = progress
    }

    /// One sync; `full` fetches the whole zone again into a new generation.
    public func run(full: Bool = false) throws -> SyncReport {
        try withRun(now: clock.now()) { run in try recorded(run) { try run.run(full: full) } }
    }

    /// A run's sync, its outcome in the status file whether it succeeds or fails.
    private func recorded(_ run: SyncRun, _ sync: () throws -> SyncReport) throws -> SyncReport {
        let now = run.now
        do {
            var report = try sync()
            report.requests = run.requestCount
            try status(run, result: .ok, detail: nil, ranAt: now).write(to: layout, hooks: hooks, files: files)
            // An older version's cache of the journal would only go stale now.
            try? files.remove(layout.leftoverCheckpoint)
            return report
        } catch let error as SyncError {
            // A run told to stop neither failed nor succeeded: the status keeps what the last
            // run said, so a clean restart of serve is no failure in 'sync status'.
            if case .stopped = error.reason { throw error }
            try? status(run, result: error.result, detail: error.description, ranAt: now).write(
                to: layout, hooks: hooks, files: files)
            throw error
        }
    }

    /// Writes the done flag of the chore `recordName` (SPEC §10), then syncs at once so that the
    /// store, the journal and the status learn of it the usual way; after a conflict too, so that the
    /// device can look again at what changed. `changeTag`, for an undo, is the tag of aemtli's own
    /// write: any change since makes it a conflict, never an overwrite.
    ///
    /// One run under one hold of the store's lock: the pages are read once, for the write, and the
    /// sync after it goes on from those records (no other sync can come between). The caller
    /// decides who may tick from the family it already has (the last build's); `recordName` is that
    /// family's chore id.
    ///
    /// CloudKit's answer decides, whatever the sync then shows: a refusal (a conflict, 403, 404, a
    /// busy zone) is never a write, also when a phone set the same state meanwhile. Only an answer
    /// lost on the way is resolved by the sync: written when the store then holds the version the
    /// write would have made. A sync that fails after a write leaves it written; the next brings it.
    /// Refusals of the whole request (busy, signed out) throw `SyncError`: nothing changed, and a
    /// sync now would only wait again; serve's own loop syncs when CloudKit says it may.
    public func setDone(recordName: String, done: Bool, changeTag: String? = nil) throws -> TickOutcome {
        try withRun { run in
            try run.prepare()
            let attempt = try run.writeDone(recordName: recordName, done: done, changeTag: changeTag)
            // The sync after the write, at the clock's time after it, from the records read for it.
            let sync = {
                run.now = self.clock.now()
                _ = try self.recorded(run) { try run.sync(full: false) }
            }
            switch attempt {
            case .written(let tag):
                try? sync()
                return .written(changeTag: tag)
            case .lost(let base):
                try sync()
                return run.holdsWrite(recordName: recordName, done: done, base: base)
                    ? .writtenAnswerLost : .answerLostNotWritten
            case .conflict:
                try? sync()
                return .conflict
            case .notFound:
                try? sync()
                return .notFound
            case .writtenStillStale:
                try? sync()
                return .writtenStillStale
            case .alreadyInState:
                return .alreadyInState
            case .accessDenied:
                return .accessDenied
            }
        }
    }

    /// `body` over a run of its own, holding the store's lock; the run's now is `now`, else the
    /// clock's once the store is ready.
    private func withRun<Value>(now: Date? = nil, _ body: (SyncRun) throws -> Value) throws -> Value {
        try holdingStore { pages in try body(SyncRun(engine: self, pages: pages, now: now ?? clock.now())) }
    }

    /// `body` with the store's pages ready and its lock held, for a run and for push's calls. The
    /// lock is taken without waiting: a second sync of the store ends at once (75); it goes with
    /// the process, so a killed sync never leaves the store locked.
    func holdingStore<Value>(_ body: (PageStore) throws -> Value) throws -> Value {
        var pageStore = PageStore(layout: layout, files: files)
        pageStore.hooks = hooks
        try pageStore.prepare()
        let taken: FileLock?
        do {
            taken = try FileLock.take(layout.lock)
        } catch {
            throw SyncError(.cannotWrite(path: layout.lock, detail: FileIO.describe(error)))
        }
        guard let lock = taken else { throw SyncError(.locked(path: layout.lock)) }
        defer { lock.release() }
        return try body(pageStore)
    }

    private func status(_ run: SyncRun, result: SyncResult, detail: String?, ranAt: Date) -> SyncStatus {
        SyncStatus(
            ranAt: ranAt, result: result, detail: detail, lastSuccess: run.lastSuccess,
            sessionExpectedEnd: run.session?.knownEnd(lastSuccess: run.lastSuccess))
    }
}
