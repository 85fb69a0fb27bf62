import AemtliCore
import AemtliSite
import AemtliSync
import Dispatch

/// The files `aemtli sync` keeps beside a store's pages that a build reads too (SPEC §8.6): the
/// last run's status (for how fresh the chores are) and the completion journal. Both are inputs
/// of the build: a change in either renders again. Absent for a store never synced.
struct SyncedStoreFiles {
    var status: [UInt8]?
    /// The journal and its checkpoint, when the store has a journal; read only when asked for
    /// (it can hold a hundred megabytes), in pieces.
    var journal: FileIO.JournalFiles?
    private var files = FileIO.local
    /// The journal as `addTo` read it.
    private var read: Result<CompletionJournal, Error>?

    init(location: StoreLoader.Location, environment: CommandEnvironment) {
        guard case .path(let path) = location else { return }
        let folder = environment.place(path)
        files = environment.files
        guard files.kind(folder.path) == .folder || files.kind(folder.path) == .linkedFolder else { return }
        let statusFile = folder.appending(StoreLayout.statusInStore)
        status = files.kind(statusFile.path) == .file ? try? files.readBytes(statusFile.path) : nil
        let journalFiles = FileIO.JournalFiles(store: folder)
        journal = files.kind(journalFiles.journal.path) == .file ? journalFiles : nil
    }

    /// How fresh the chores are, from the status file; nil when the store was never synced.
    var freshness: Freshness? {
        guard let status = status.flatMap(SyncStatus.parse) else { return nil }
        let outcome = Freshness.Outcome(rawValue: status.result.rawValue) ?? .protocolError
        return Freshness(lastRun: status.ranAt, outcome: outcome, lastSuccess: status.lastSuccess, sessionExpectedEnd: status.sessionExpectedEnd)
    }

    /// The journal's facts for the last `weeks` weeks; nil when there is none, or it cannot be
    /// read. Its warnings go to `diagnose`. The journal is read now unless `addTo` read it.
    func history(family: Family, schedule: Schedule, weeks: Int, diagnose: (StoreDiagnostic) -> Void) -> HistoryFacts? {
        guard let journal, let parsed = try? read?.get() ?? files.readJournal(journal).journal else { return nil }
        parsed.warnings.forEach(diagnose)
        guard !parsed.isEmpty else { return nil }
        var history: History? = History(family: family, journal: parsed, schedule: schedule, weeks: weeks)
        let facts = history.map { HistoryFacts(history: $0, hasBegun: !parsed.syncs.isEmpty) }
        Self.free(&history)
        return facts
    }

    /// Lets go of what `slot` holds on another thread, emptying it first so that the block holds
    /// the only reference. A year's `History` of 20 000 chores holds hundreds of thousands of
    /// periods, each naming its member, and freeing them on the build's thread held back the
    /// pages by about 10 ms (the facts were ready 14–22 ms after History instead of 26–29,
    /// measured with temporary timing marks).
    private static func free<Value: Sendable>(_ slot: inout Value?) {
        let value = slot
        slot = nil
        DispatchQueue.global(qos: .utility).async { withExtendedLifetime(value) {} }
    }

    /// Adds the status file's bytes and the journal's, reading the journal once for both the
    /// fingerprint and `history`: the journal's length and the digest of its bytes (made on a
    /// core of its own while the lines are read), or `UInt64.max` for a file absent or unreadable.
    /// The checkpoint is no input: a build's output is the same with it or without.
    mutating func addTo(_ fingerprint: inout InputFingerprint) {
        fingerprint.add(status.map { UInt64($0.count) } ?? UInt64.max)
        fingerprint.add(status ?? [])
        guard let journal else { return fingerprint.add(UInt64.max) }
        do {
            let reading = try files.readJournal(journal)
            fingerprint.add(reading.digest.length)
            fingerprint.add(reading.digest.value.first)
            fingerprint.add(reading.digest.value.second)
            read = .success(reading.journal)
        } catch {
            read = .failure(error)
            fingerprint.add(UInt64.max)
        }
    }
}
