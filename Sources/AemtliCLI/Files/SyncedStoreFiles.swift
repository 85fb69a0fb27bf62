import AemtliCore
import AemtliSite
import AemtliSync

/// The files `aemtli sync` keeps beside a store's pages that a build reads too (SPEC §8.6): the
/// last run's status (for how fresh the chores are) and the completion journal. Both are inputs
/// of the build: a change in either renders again. Absent for a store never synced.
struct SyncedStoreFiles {
    var status: [UInt8]?
    var journal: [UInt8]?
    /// The journal's path as the user wrote the store's, for warnings.
    var journalShown = StoreLayout.journalInStore

    /// `readingJournal: false` leaves the journal unread (and `history` nil), for a command that
    /// only shows freshness: the journal can hold many megabytes.
    init(location: StoreLoader.Location, environment: CommandEnvironment, readingJournal: Bool = true) {
        guard case .path(let path) = location else { return }
        let folder = environment.place(path)
        guard environment.files.kind(folder.path) == .folder || environment.files.kind(folder.path) == .linkedFolder else { return }
        func bytes(_ relative: String) -> [UInt8]? {
            let file = folder.appending(relative)
            guard environment.files.kind(file.path) == .file else { return nil }
            return try? environment.files.readBytes(file.path)
        }
        status = bytes(StoreLayout.statusInStore)
        journal = readingJournal ? bytes(StoreLayout.journalInStore) : nil
        journalShown = folder.appending(StoreLayout.journalInStore).shown
    }

    /// How fresh the chores are, from the status file; nil when the store was never synced.
    var freshness: Freshness? {
        guard let status = status.flatMap(SyncStatus.parse) else { return nil }
        let outcome = Freshness.Outcome(rawValue: status.result.rawValue) ?? .protocolError
        return Freshness(lastRun: status.ranAt, outcome: outcome, lastSuccess: status.lastSuccess, sessionExpectedEnd: status.sessionExpectedEnd)
    }

    /// The journal's facts for the last `weeks` weeks; nil when there is no journal. Its warnings
    /// go to `diagnose`.
    func history(family: Family, schedule: Schedule, weeks: Int, diagnose: (StoreDiagnostic) -> Void) -> HistoryFacts? {
        guard let journal else { return nil }
        let parsed = CompletionJournal.parse(journal, file: journalShown)
        parsed.warnings.forEach(diagnose)
        guard !parsed.isEmpty else { return nil }
        let history = History(family: family, journal: parsed, schedule: schedule, weeks: weeks)
        return HistoryFacts(history: history, hasBegun: !parsed.syncs.isEmpty)
    }

    func addTo(_ fingerprint: inout InputFingerprint) {
        for bytes in [status, journal] {
            fingerprint.add(bytes.map { UInt64($0.count) } ?? UInt64.max)
            fingerprint.add(bytes ?? [])
        }
    }
}
