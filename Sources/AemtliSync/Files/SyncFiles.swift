import Files

/// Sync's files through the one file seam (`FileIO`, the machine's or a test's) and its one atomic
/// write; failures become sync's own error, naming the file and the system's reason.
struct SyncFiles {
    let io: FileIO

    init(_ io: FileIO = .local) {
        self.io = io
    }

    func write(_ bytes: [UInt8], to path: String, mode: UInt16 = 0o644, flushingFolder: Bool = true) throws {
        do {
            try io.writeAtomically(bytes, to: path, mode: mode, flushingFolder: flushingFolder)
        } catch {
            throw SyncError(.cannotWrite(path: path, detail: FileIO.describe(error)))
        }
    }

    /// Flushes the entries of the folder holding `path`, so a rename or removal in it lasts.
    func flushFolder(of path: String) throws {
        let folder = FileIO.folder(of: path)
        do {
            try io.flush(folder)
        } catch {
            throw SyncError(.cannotWrite(path: folder, detail: FileIO.describe(error)))
        }
    }

    /// The file's bytes; nil when there is no such file.
    func read(_ path: String) throws -> [UInt8]? {
        guard io.kind(path) != .missing else { return nil }
        do {
            return try io.readBytes(path)
        } catch {
            throw SyncError(.cannotRead(path: path, detail: FileIO.describe(error)))
        }
    }

    func exists(_ path: String) -> Bool {
        io.kind(path) != .missing
    }

    /// The names in a folder; none when it cannot be listed (a folder not made yet).
    func names(in folder: String) -> [String] {
        (try? io.names(folder)) ?? []
    }

    /// Makes a folder whose parent exists; true when it was not there before.
    @discardableResult
    func makeFolder(_ path: String) throws -> Bool {
        let made = io.kind(path) == .missing
        try writing(path) { try io.makeFolder(path) }
        return made
    }

    /// Removes a file; one that is not there is no error.
    func remove(_ path: String) throws {
        guard io.kind(path) != .missing else { return }
        try writing(path) { try io.remove(path) }
    }

    /// Removes a folder and everything in it; one that is not there is no error.
    func removeTree(_ path: String) throws {
        try writing(path) { try io.removeTree(path) }
    }

    func length(_ path: String) throws -> Int64 {
        guard io.kind(path) != .missing else { return 0 }
        do {
            return Int64(try io.length(path))
        } catch {
            throw SyncError(.cannotRead(path: path, detail: FileIO.describe(error)))
        }
    }

    func truncate(_ path: String, to length: Int64) throws {
        try writing(path) { try io.truncate(path, Int(length)) }
    }

    func append(_ bytes: [UInt8], to path: String, mode: UInt16 = 0o644) throws -> Int64 {
        var length = 0
        try writing(path) { length = try io.append(bytes, path, mode) }
        return Int64(length)
    }

    private func writing(_ path: String, _ body: () throws -> Void) throws {
        do {
            try body()
        } catch {
            throw SyncError(.cannotWrite(path: path, detail: FileIO.describe(error)))
        }
    }
}
