import AemtliCore
import AemtliSite
import AemtliSync
import Files

/// The files `aemtli sync` keeps beside a store's pages that a build reads too (SPEC §8.6): the
/// last run's status (for how fresh the chores are) and the completion journal. Both are inputs
/// of the build: a change in either renders again. Absent for a store never synced.
public struct SyncedStoreFiles {
    var status: [UInt8]?
    /// What the serve that syncs the store said of push (`cloudkit/push`); only live pages show it.
    public var push: PushStatus?
    /// The journal's bytes, and its path as warnings name it; nil when the store has none.
    var journal: (bytes: [UInt8], shown: String)?

    /// Reads both files of the store at `location`; a journal that is there but cannot be read is
    /// an error naming it (exit 74), never "no history". A pipe or device in its place counts as
    /// absent: reading it could wait for ever for a writer.
    public init(location: StoreLoader.Location, environment: CommandEnvironment) throws {
        guard case .path(let path) = location else { return }
        let folder = environment.place(path)
        let files = environment.files
        guard files.kind(folder.path) == .folder || files.kind(folder.path) == .linkedFolder else { return }
        let statusFile = folder.appending(StoreLayout.statusInStore)
        status = files.kind(statusFile.path) == .file ? try? files.readBytes(statusFile.path) : nil
        push = PushStatus.read(store: folder.path, files: files)
        let journalFile = folder.appending(StoreLayout.journalInStore)
        switch files.kind(journalFile.path) {
        case .missing, .special: break
        default: journal = (try files.read(journalFile, what: "journal"), journalFile.shown)
        }
    }

    /// How fresh the chores are, from the status file; nil when the store was never synced.
    public var freshness: Freshness? {
        guard let status = status.flatMap(SyncStatus.parse) else { return nil }
        let outcome = Freshness.Outcome(rawValue: status.result.rawValue) ?? .protocolError
        var freshness = Freshness(
            lastRun: status.ranAt, outcome: outcome, lastSuccess: status.lastSuccess,
            sessionExpectedEnd: status.sessionExpectedEnd)
        freshness.push = push.map(Self.state)
        return freshness
    }

    /// Push's state as the pages say it: `stopped` once the serve that wrote it no longer runs.
    private static func state(_ push: PushStatus) -> PushState {
        switch push.current {
        case .on: return .on
        case .starting: return .starting
        case .signIn: return .signIn
        case .refused: return .refused
        case .failing: return .failing(since: push.since)
        case .stopped: return .stopped
        }
    }

    /// The journal's lines; empty for a store without one.
    public var completionJournal: CompletionJournal {
        journal.map { CompletionJournal.parse($0.bytes, file: $0.shown) } ?? CompletionJournal()
    }
}
