import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one way aemtli touches the file system: what is at a path, read a file, list a folder,
/// and the few primitives every writer is made of (write a new file, append to a log, flush it,
/// rename, remove, make a folder). Paths are absolute. The process uses `FileIO.local`; a test can
/// pass its own (an in-memory one runs a whole build). Failures are the system's errors (`POSIXError`), which
/// `describe` words; the callers name the path as the user wrote it.
public struct FileIO {
    public enum Kind: Equatable, Sendable {
        /// `linkedFolder` is a symbolic link to a folder: read when named, not descended into
        /// when met inside a folder (no loops). `special` is a pipe, socket or device: read
        /// when the user names it (`--data /dev/stdin`), never when aemtli looks for a file of
        /// its own there, whose reading could wait for ever for a writer. `inaccessible`: the
        /// system would not say (a folder on the way the user may not enter).
        case missing, file, folder, linkedFolder, special, inaccessible(POSIXErrorCode)
    }

    /// What is at a path (following symbolic links to files).
    public var kind: (String) -> Kind
    /// A file's bytes.
    public var readBytes: (String) throws -> [UInt8]
    /// The names in a folder, unsorted.
    public var names: (String) throws -> [String]
    /// Creates (or truncates) a file with `mode` and writes the bytes; no folder is made.
    public var writeFile: ([UInt8], String, _ mode: UInt16) throws -> Void
    /// Flushes a file, or a folder's entries, to the disk (`fsync`).
    public var flush: (String) throws -> Void
    public var rename: (_ from: String, _ to: String) throws -> Void
    /// Removes a file, or an empty folder.
    public var remove: (String) throws -> Void
    /// Makes one folder whose parent exists; one already there is no error.
    public var makeFolder: (String) throws -> Void
    /// Appends the bytes to a file (made with `mode` when missing) and flushes them to the disk
    /// before it returns: a log that is never rewritten, so a crash keeps every line before it.
    /// Returns the file's length after it.
    public var append: ([UInt8], String, _ mode: UInt16) throws -> Int
    /// A file's length in bytes (a log's committed length is counted in them).
    public var length: (String) throws -> Int
    /// Cuts a file to its first `length` bytes (a log's tail that was never committed).
    public var truncate: (String, _ length: Int) throws -> Void

    /// `append`, `length` and `truncate` default to reading the file whole and writing it anew,
    /// enough for a file system in memory, where nothing can crash halfway.
    public init(
        kind: @escaping (String) -> Kind, readBytes: @escaping (String) throws -> [UInt8],
        names: @escaping (String) throws -> [String], writeFile: @escaping ([UInt8], String, UInt16) throws -> Void,
        flush: @escaping (String) throws -> Void, rename: @escaping (String, String) throws -> Void,
        remove: @escaping (String) throws -> Void, makeFolder: @escaping (String) throws -> Void,
        append: (([UInt8], String, UInt16) throws -> Int)? = nil, length: ((String) throws -> Int)? = nil,
        truncate: ((String, Int) throws -> Void)? = nil
    ) {
        self.kind = kind
        self.readBytes = readBytes
        self.names = names
        self.writeFile = writeFile
        self.flush = flush
        self.rename = rename
        self.remove = remove
        self.makeFolder = makeFolder
        self.append =
            append ?? { bytes, path, mode in
                let before = kind(path) == .file ? try readBytes(path) : []
                try writeFile(before + bytes, path, mode)
                return before.count + bytes.count
            }
        self.length = length ?? { path in try readBytes(path).count }
        self.truncate =
            truncate ?? { path, length in
                try writeFile(Array(try readBytes(path).prefix(length)), path, 0o644)
            }
    }

    /// The machine's own file system, through the system's calls.
    public static let local = FileIO(
        kind: { path in
            var info = stat()
            guard stat(path, &info) == 0 else {
                return errno == ENOENT || errno == ENOTDIR ? .missing : .inaccessible(Self.lastErrorCode())
            }
            guard (info.st_mode & S_IFMT) == S_IFDIR else {
                return (info.st_mode & S_IFMT) == S_IFREG ? .file : .special
            }
            var own = stat()
            return lstat(path, &own) == 0 && (own.st_mode & S_IFMT) == S_IFLNK ? .linkedFolder : .folder
        },
        readBytes: WholeFileReader.read,
        names: { path in try FileManager.default.contentsOfDirectory(atPath: path) },
        writeFile: { bytes, path, mode in
            let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode_t(mode))
            guard descriptor >= 0 else { throw lastError() }
            defer { close(descriptor) }
            // Set again, so that the umask can neither widen nor narrow it.
            guard fchmod(descriptor, mode_t(mode)) == 0 else { throw lastError() }
            try writeAll(bytes, to: descriptor)
        },
        flush: { path in
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw lastError() }
            defer { close(descriptor) }
            guard fsync(descriptor) == 0 else { throw lastError() }
        },
        rename: { from, to in
            guard Foundation.rename(from, to) == 0 else { throw lastError() }
        },
        remove: { path in
            guard Foundation.remove(path) == 0 else { throw lastError() }
        },
        makeFolder: { path in
            guard mkdir(path, 0o755) == 0 || errno == EEXIST else { throw lastError() }
        },
        append: { bytes, path, mode in
            let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, mode_t(mode))
            guard descriptor >= 0 else { throw lastError() }
            defer { close(descriptor) }
            try writeAll(bytes, to: descriptor)
            guard fsync(descriptor) == 0 else { throw lastError() }
            var info = stat()
            guard fstat(descriptor, &info) == 0 else { throw lastError() }
            return Int(info.st_size)
        },
        length: { path in
            var info = stat()
            guard stat(path, &info) == 0 else { throw lastError() }
            return Int(info.st_size)
        },
        truncate: { path, length in
            guard Foundation.truncate(path, off_t(length)) == 0 else { throw lastError() }
        })

    /// Writes every byte to an open descriptor, going on after an interrupted call.
    public static func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                Foundation.write(descriptor, buffer.baseAddress.map { $0 + offset }, bytes.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw lastError()
            }
            offset += written
        }
    }

    /// Reads an open descriptor to its end, going on after an interrupted call; stops once it has
    /// more than `limit` bytes (the caller tells by the count). `capacity` is reserved up front.
    public static func readAll(from descriptor: Int32, limit: Int = .max, capacity: Int = 0) throws -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(capacity)
        var piece = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count <= limit {
            let got = piece.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if got < 0, errno == EINTR { continue }
            guard got >= 0 else { throw lastError() }
            if got == 0 { break }
            bytes += piece[..<got]
        }
        return bytes
    }

    /// The process's working folder, where the paths a user gives start.
    public static func workingFolder() -> String {
        FileManager.default.currentDirectoryPath
    }

    /// Whether `path` is a file this process may run (a program aemtli starts, never a folder).
    public static func isExecutable(_ path: String) -> Bool {
        local.kind(path) == .file && access(path, X_OK) == 0
    }

    /// The last system call's error.
    public static func lastError() -> POSIXError {
        POSIXError(lastErrorCode())
    }

    static func lastErrorCode() -> POSIXErrorCode {
        POSIXErrorCode(rawValue: errno) ?? .EIO
    }

    /// The last system call's error in words ("Permission denied"), for code that calls the
    /// system itself (sync's lock and journal, the sign-in's socket).
    public static func lastErrorText() -> String {
        String(cString: strerror(errno))
    }

    /// The system's reason, as a phrase: "Permission denied".
    public static func describe(_ error: Error) -> String {
        if let posix = error as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if nsError.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(nsError.code))) }
        var text = nsError.localizedDescription
        while text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
