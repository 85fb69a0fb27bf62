import AemtliSite
import Files
import Foundation

/// Writes a build's files into the output folder (SPEC §5), through the file seam. Each file is
/// staged as soon as it is rendered: left alone if the folder already holds exactly its bytes (or,
/// for a live page, the same apart from its stamp: see `SyncStamp`), else written to a hidden temporary name beside it. `commit()` then renames the staged files
/// into place (a reader sees the old or the new version of each, never a partial one) and removes
/// files the previous build wrote that this one did not; `discard()` removes the temporaries and
/// any folder it made, so a failed build leaves the previous site as it was. Which files a build
/// wrote is kept in `.aemtli-manifest`, so nothing else in the folder is ever touched. Safe to
/// call from several threads at once.
public final class OutputWriter: OutputSink, @unchecked Sendable {
    static let manifestName = BuildManifest.name

    public struct Summary: Equatable {
        public var written = 0
        public var unchanged = 0
        public var removed = 0
        /// The paths written or removed, relative to the folder, in order: what `serve` tells the pages.
        public var changedPaths: [String] = []
    }

    public let folder: URL
    public let displayName: String
    private let files: FileIO
    /// The folder's path, to which file paths are joined as plain strings.
    private let root: String
    /// `.NAME.PID.tmp` beside each file: `AbandonedTemporaries` finds those of builds that died.
    private let temporarySuffix = ".\(ProcessInfo.processInfo.processIdentifier).tmp"
    private let lock = NSLock()
    /// Staged files: the temporary to rename, nil when the file is already as it should be.
    private var staged: [String: String?] = [:]
    /// The new manifest's temporary, from its staging in `commit` until its rename.
    private var stagedManifest: String?
    /// Every path put so far, staged or still being written.
    private var claimed: Set<String> = []
    /// Puts under way, and whether `close()` stopped new ones.
    private var writing = 0
    private var isClosed = false
    /// Folders known to exist, and those this build made (removed again by `discard()`).
    private var existingFolders: Set<String> = []
    private var createdFolders: [String] = []
    private var summary = Summary()

    public init(folder: URL, displayName: String, files: FileIO) {
        self.folder = folder
        self.displayName = displayName
        self.files = files
        self.root = folder.path
    }

    public func put(_ path: String, _ bytes: [UInt8]) throws {
        try put(path, bytes) { _ in false }
    }

    public func put(_ path: String, _ bytes: [UInt8], keepingIf same: ([UInt8]) -> Bool) throws {
        // One file per path: a second file asking for a path already taken (two outputs whose
        // names collide) is refused before anything is written, so neither overwrites the other.
        lock.lock()
        let taken = !claimed.insert(path).inserted
        let stopping = isClosed
        if !taken, !stopping { writing += 1 }
        lock.unlock()
        if stopping {
            throw FileError(.cannotCreate(path: displayName + "/" + path, detail: "the build was interrupted"))
        }
        if taken { throw FileError(.outputClash(path: displayName + "/" + path)) }
        defer {
            lock.lock()
            writing -= 1
            lock.unlock()
        }
        let file = try target(path)
        var temporary: String?
        let old = try? files.readBytes(file)
        if old != bytes, !(old.map(same) ?? false) {
            let folder = FileIO.folder(of: file)
            try makeFolder(folder)
            let hidden = folder + "/." + file.dropFirst(folder.count + 1) + temporarySuffix
            try attempt(path) { try files.stage(bytes, at: hidden) }
            temporary = hidden
        }
        lock.lock()
        defer { lock.unlock() }
        staged.updateValue(temporary, forKey: path)
    }

    /// Renames the staged files into place, removes files that no longer belong, and writes the
    /// manifest (atomically).
    public func commit() throws -> Summary {
        try makeFolder(root)
        lock.lock()
        defer { lock.unlock() }
        let previous = try? files.readBytes(manifestPath)
        let manifest = Array(BuildManifest(paths: staged.keys.sorted()).text.utf8)
        // The manifest is staged and flushed before any file is renamed: it is the last write
        // that could meet a full disk, and when it fails the folder is still as it was. A build
        // that changed nothing leaves even the manifest as it was (`serve` builds often).
        if previous != manifest {
            let temporary = root + "/.\(Self.manifestName)" + temporarySuffix
            try attempt(Self.manifestName) { try files.stage(manifest, at: temporary, flushing: true) }
            stagedManifest = temporary
        }
        for (path, temporary) in staged.sorted(by: { $0.key < $1.key }) {
            guard let temporary, let file = try? target(path) else {
                summary.unchanged += 1
                continue
            }
            try attempt(path) { try files.rename(temporary, file) }
            summary.written += 1
            summary.changedPaths.append(path)
        }
        for path in Set(Self.manifest(previous).paths).subtracting(staged.keys).sorted() {
            guard let file = try? target(path), (try? files.remove(file)) != nil else { continue }
            summary.removed += 1
            summary.changedPaths.append(path)
        }
        staged = [:]
        if let temporary = stagedManifest {
            try attempt(Self.manifestName) {
                try files.rename(temporary, manifestPath)
                try files.flush(root)
            }
            stagedManifest = nil
        }
        return summary
    }

    /// For an interrupt: refuses new files, waits (up to two seconds) for those being written,
    /// then discards everything, so no temporary of this build stays behind.
    public func closeForInterrupt() {
        lock.lock()
        isClosed = true
        lock.unlock()
        for _ in 0..<2000 {
            lock.lock()
            let busy = writing > 0
            lock.unlock()
            if !busy { break }
            usleep(1000)
        }
        discard()
    }

    /// Removes everything staged and the folders made for it: the output folder is as before.
    public func discard() {
        lock.lock()
        defer { lock.unlock() }
        for case let temporary? in Array(staged.values) + [stagedManifest] { try? files.remove(temporary) }
        staged = [:]
        stagedManifest = nil
        // Deepest first: puts run in parallel, so a folder may be noted after the one inside it
        // (another put found the parent already made), and a parent must wait for its children.
        for created in createdFolders.sorted(by: { $0.count > $1.count }) { try? files.remove(created) }
        createdFolders = []
        existingFolders = []
    }

    /// The file's path inside the folder; a path that would leave it is refused.
    private func target(_ path: String) throws -> String {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard !parts.isEmpty, !parts.contains(where: { $0 == ".." || $0 == "." || $0.isEmpty }) else {
            throw FileError(.cannotCreate(path: path, detail: "the path would leave the output folder"))
        }
        return root + "/" + path
    }

    /// Creates `folder` and any missing parent, remembering which it made.
    private func makeFolder(_ folder: String) throws {
        lock.lock()
        let known = existingFolders.contains(folder)
        lock.unlock()
        guard !known else { return }
        let made: [String]
        do {
            made = try files.makeFolders(folder)
        } catch {
            throw FileError(.cannotCreate(path: displayName, detail: FileIO.describe(error)))
        }
        lock.lock()
        createdFolders += made
        existingFolders.insert(folder)
        lock.unlock()
    }

    /// Runs one write of the file `path`; a failure names it, with the system's reason (exit 73).
    private func attempt(_ path: String, _ write: () throws -> Void) throws {
        do {
            try write()
        } catch {
            throw FileError(.cannotCreate(path: displayName + "/" + path, detail: FileIO.describe(error)))
        }
    }

    private var manifestPath: String { root + "/" + Self.manifestName }

    /// The manifest the last build left (`bytes`), or an empty one when there is none.
    private static func manifest(_ bytes: [UInt8]?) -> BuildManifest {
        guard let bytes else { return BuildManifest(paths: []) }
        return BuildManifest(parsing: String(decoding: bytes, as: UTF8.self))
    }
}
