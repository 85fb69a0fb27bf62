import Files
import Foundation

/// A file system held in memory, behind the same seam as the machine's (`FileIO`): folders and
/// files by absolute path. A whole command runs on it with nothing touching the disk, and a test
/// can make any path refuse to be read, as a folder the user may not enter would.
final class InMemoryFiles: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var fileBytes: [String: [UInt8]] = [:]
    private var folders: Set<String> = ["/"]
    /// Paths the system would not let the user read (a file) or enter (a folder: nothing below it
    /// can be looked at either).
    var inaccessible: Set<String> = []
    /// The error, if any, that a write of this path meets, as on a disk that fills up while the file
    /// is written: half the bytes stay in the file, as they would on a real one.
    var writeFault: ((String) -> POSIXErrorCode?)?

    /// Puts a file, making its folders.
    func put(_ path: String, _ text: String) {
        put(path, bytes: Array(text.utf8))
    }

    func put(_ path: String, bytes: [UInt8]) {
        lock.lock()
        defer { lock.unlock() }
        addFolders(FileIO.folder(of: path))
        fileBytes[path] = bytes
    }

    /// The files below `folder`, relative to it, sorted; hidden ones too.
    func files(below folder: String) -> [String] {
        lock.lock()
        defer { lock.unlock() }
        return fileBytes.keys.filter { $0.hasPrefix(folder + "/") }.map { String($0.dropFirst(folder.count + 1)) }
            .sorted()
    }

    func text(_ path: String) -> String? {
        lock.lock()
        defer { lock.unlock() }
        return fileBytes[path].map { String(decoding: $0, as: UTF8.self) }
    }

    var io: FileIO {
        FileIO(
            kind: { path in self.locked { self.kind(path) } },
            readBytes: { path in
                try self.locked {
                    try self.check(path)
                    if self.inaccessible.contains(path) { throw POSIXError(.EACCES) }
                    guard let bytes = self.fileBytes[path] else {
                        throw POSIXError(self.folders.contains(path) ? .EISDIR : .ENOENT)
                    }
                    return bytes
                }
            },
            names: { path in
                try self.locked {
                    try self.check(path)
                    if self.inaccessible.contains(path) { throw POSIXError(.EACCES) }
                    guard self.folders.contains(path) else { throw POSIXError(.ENOENT) }
                    return self.children(of: path).map { String($0.dropFirst(path == "/" ? 1 : path.count + 1)) }
                }
            },
            writeFile: { bytes, path, _ in
                try self.locked {
                    try self.check(path)
                    guard self.folders.contains(FileIO.folder(of: path)) else { throw POSIXError(.ENOENT) }
                    if let fault = self.writeFault?(path) {
                        self.fileBytes[path] = Array(bytes.prefix(bytes.count / 2))
                        throw POSIXError(fault)
                    }
                    self.fileBytes[path] = bytes
                }
            },
            flush: { path in try self.locked { try self.check(path) } },
            rename: { from, to in
                try self.locked {
                    guard let bytes = self.fileBytes.removeValue(forKey: from) else { throw POSIXError(.ENOENT) }
                    self.fileBytes[to] = bytes
                }
            },
            remove: { path in
                try self.locked {
                    if self.fileBytes.removeValue(forKey: path) != nil { return }
                    guard self.folders.contains(path) else { throw POSIXError(.ENOENT) }
                    guard self.children(of: path).isEmpty else { throw POSIXError(.ENOTEMPTY) }
                    self.folders.remove(path)
                }
            },
            makeFolder: { path in
                try self.locked {
                    try self.check(path)
                    guard self.folders.contains(FileIO.folder(of: path)) else { throw POSIXError(.ENOENT) }
                    guard self.fileBytes[path] == nil else { throw POSIXError(.EEXIST) }
                    self.folders.insert(path)
                }
            })
    }

    private func locked<Value>(_ body: () throws -> Value) rethrows -> Value {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// The paths of the files and folders right inside `folder`.
    private func children(of folder: String) -> [String] {
        let paths: [String] = Array(fileBytes.keys) + Array(folders)
        return paths.filter { $0 != folder && FileIO.folder(of: $0) == folder }
    }

    private func kind(_ path: String) -> FileIO.Kind {
        if (try? check(path)) == nil { return .inaccessible(.EACCES) }
        if folders.contains(path) { return .folder }
        return fileBytes[path] == nil ? .missing : .file
    }

    /// Throws as the system does for a path below one it may not enter.
    private func check(_ path: String) throws {
        if inaccessible.contains(where: { path.hasPrefix($0 + "/") }) { throw POSIXError(.EACCES) }
    }

    private func addFolders(_ path: String) {
        var cursor = path
        while cursor != "/" && !cursor.isEmpty {
            folders.insert(cursor)
            cursor = FileIO.folder(of: cursor)
        }
    }
}
