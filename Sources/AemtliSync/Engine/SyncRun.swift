import AemtliCore
import CloudKitWeb
import Foundation
import JSON

/// One sync run's steps and their state: load the session and the state, clean up after a
/// crash, ask `changes/database`, fetch `changes/zone` pages, commit, compact.
final class SyncRun {
    let engine: SyncEngine
    let pages: PageStore
    let journal: Journal
    /// The run's now; a write's sync takes the clock's again after the write.
    var now: Date
    private(set) var session: Session?
    private(set) var lastSuccess: Date?
    var client: CloudKitClient?
    var state: SyncState
    var known = KnownRecords()
    /// Records seen in the generation a full fetch is writing (the others are gone once it ends).
    var seenInFullFetch: Set<String> = []
    /// Generations to delete once the next state is written (the state no longer names them).
    var removeAfterCommit: [Int] = []
    /// The `changes/database` token of this run, committed only when the run succeeds.
    var pendingDatabaseToken: String?
    var report = SyncReport()
    /// Whether the last run's status says it failed: this run then marks its sync in the journal.
    private var previousRunFailed = false

    init(engine: SyncEngine, pages: PageStore, now: Date) {
        self.engine = engine
        self.pages = pages
        var journal = Journal(layout: engine.layout, time: engine.time, files: pages.files)
        journal.hooks = engine.hooks
        self.journal = journal
        self.now = now
        state = SyncState(container: "", environment: "", database: .private, zoneName: "", userRecordName: "")
    }

    var database: CloudKitDatabase { state.database }
    var requestCount: Int { client?.requestCount ?? 0 }
    var zoneName: String { engine.configuration.zone }

    func run(full: Bool) throws -> SyncReport {
        try prepare()
        return try sync(full: full)
    }

    /// The sync from what `prepare` loaded: the state and the records the store holds, which a
    /// write before it read too (one reading of the pages for both).
    func sync(full: Bool) throws -> SyncReport {
        switch try locateZone(full: full) {
        case .unchanged:
            report.unchanged = true
            return try finish()
        case .gone:
            return try zoneGone()
        case .fetch(let zoneID):
            state.zoneID = zoneID
        }
        do {
            try fetch(full: full)
        } catch is ZoneMissing {
            guard state.baselineDone else { throw zoneNotFound }
            return try zoneGone()
        }
        try compactIfDue()
        return try finish()
    }

    /// The session, the state and the records the store holds, after cleaning up a crash: what
    /// a sync and a write start from.
    func prepare() throws {
        previousRunFailed =
            SyncStatus.read(store: engine.layout.store, files: pages.files.io).map { $0.result != .ok } ?? false
        let previous = try SyncState.load(from: engine.layout.state, files: pages.files)
        lastSuccess = previous?.lastSuccess
        guard let session = try engine.sessionStore.load() else { throw SyncError(.notSignedIn) }
        self.session = session
        client = engine.client(for: session)

        try pages.recover(previous)
        if let previous { try journal.cutOff(after: previous.journalLength) }
        try adopt(previous, session: session)
        try loadKnownRecords()
    }

    /// Takes over the previous state when it is of the same zone, account and database; else
    /// starts afresh, keeping the previous pages until a new generation replaces them.
    private func adopt(_ previous: SyncState?, session: Session) throws {
        let settings = engine.configuration.settings
        var fresh = SyncState(
            container: settings.container, environment: settings.environment.rawValue, database: session.database,
            zoneName: zoneName, userRecordName: session.userRecordName)
        fresh.journalLength = try journal.length()
        guard let previous else {
            state = fresh
            return
        }
        if previous.matches(fresh) {
            state = previous
            return
        }
        // Another zone, account or database: its complete pages stay until the new fetch is whole.
        fresh.replaces = previous.complete ? previous.generation : previous.replaces
        fresh.journalLength = previous.journalLength
        fresh.lastSuccess = previous.lastSuccess
        if !previous.complete && previous.generation > 0 { removeAfterCommit.append(previous.generation) }
        state = fresh
    }

    /// The versions the store holds now, from its committed pages, oldest generation first.
    private func loadKnownRecords() throws {
        let generations = [state.replaces, state.generation > 0 ? state.generation : nil].compactMap { $0 }
            .filter { !removeAfterCommit.contains($0) }
        for generation in generations {
            known.generationEntries = 0
            for number in pages.pages(in: generation) {
                let data = try pages.readPage(number, generation: generation)
                guard let body = try? JSONParser.parse(data) else {
                    throw SyncError(
                        .cannotRead(
                            path: engine.layout.page(number, generation: generation), detail: "the page is not JSON"))
                }
                let applied = known.apply(KnownRecords.records(in: body))
                if generation == state.generation && !state.complete { seenInFullFetch.formUnion(applied.names) }
            }
        }
    }

    /// The final commit of a good run: the database token, the time, the journal's sync line.
    private func finish() throws -> SyncReport {
        if let token = pendingDatabaseToken { state.databaseSyncToken = token }
        state.lastSuccess = now
        let wroteEvents = report.journalEvents > 0
        if JournalLine.syncLineDue(
            at: now, lastLine: state.lastSyncLine, previousRunFailed: previousRunFailed, wroteEvents: wroteEvents,
            time: engine.time)
        {
            state.journalLength = try journal.append([JournalLine.sync(now.millis)])
            state.lastSyncLine = now
        }
        try pages.writeState(state)
        lastSuccess = now
        return report
    }

    /// The zone was deleted in iCloud: a mirror mirrors, so its pages go; the journal stays.
    private func zoneGone() throws -> SyncReport {
        let removed = ([state.generation, state.replaces].compactMap { $0 } + removeAfterCommit).filter { $0 > 0 }
        let keptJournal = state.journalLength
        var empty = SyncState(
            container: state.container, environment: state.environment, database: state.database,
            zoneName: state.zoneName, userRecordName: state.userRecordName)
        empty.journalLength = keptJournal
        empty.baselineDone = true
        state = empty
        try pages.writeState(state)
        for generation in removed { try pages.removeGeneration(generation) }
        known.removeAll()
        report.warnings.append(
            "The zone \"\(zoneName)\" is no longer in iCloud, so the synced records were removed from \"\(engine.layout.cloudkit)\"; the history in \"\(engine.layout.history)\" is kept."
        )
        return try finish()
    }
}
