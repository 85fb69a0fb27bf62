import AemtliSync
import Files
import JSON

/// `STORE/history/ticks.jsonl` (SPEC §10): one line per tick attempt, `{at, device, member, chore,
/// event, outcome}`, and never a PIN, cookie or token. A write to CloudKit is noted as `attempt`
/// before it is sent and its outcome after, each line appended and flushed before the next step,
/// so a process killed between the write and its answer still leaves the attempt on disk. Never
/// rewritten: past `rollOverBytes` the file becomes `ticks.1.jsonl` (the one before it dropped).
struct TickAudit {
    static let rollOverBytes = 1 << 20

    let path: String
    let files: FileIO

    /// The log of the store at `store` (an absolute path), beside its journal.
    init(store: String, files: FileIO) {
        path = StoreLayout(store: store).history + "/ticks.jsonl"
        self.files = files
    }

    var previousPath: String { FileIO.folder(of: path) + "/ticks.1.jsonl" }

    func note(_ line: JSONValue) throws {
        try files.makeFolders(FileIO.folder(of: path))
        let length = try files.append(line.serializedBytes() + [0x0A], path, 0o644)
        if length > Self.rollOverBytes { try files.rename(path, previousPath) }
    }
}
