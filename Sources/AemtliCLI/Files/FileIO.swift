import Foundation

/// The one way commands touch the file system: what is at a path, read a file, list a folder,
/// write a file. Paths are absolute. The process uses `FileIO.local`; a test can put its own in
/// `CommandEnvironment.files`. Failures come back as `CLIError`s with one wording each, naming the
/// path as the user wrote it (`FileIO.Place`).
public struct FileIO {
    public enum Kind: Equatable {
        /// `linkedFolder` is a symbolic link to a folder: read when named, not descended into
        /// when met inside a folder (no loops). `special` is a pipe, socket or device: read
        /// when the user names it (`--data /dev/stdin`), never when aemtli looks for a file of
        /// its own there, whose reading could wait for ever for a writer.
        case missing, file, folder, linkedFolder, special
    }

    /// What is at a path (following symbolic links to files).
    public var kind: (String) -> Kind
    /// A file's length in bytes; nil when it cannot be told.
    public var length: (String) -> Int?
    /// A file's bytes; throws the system's error.
    public var readBytes: (String) throws -> [UInt8]
    /// A file's bytes from `from` to its end through one buffer used again and again, for files
    /// too large to hold at once: `body` gets the bytes not yet taken and whether the file ends
    /// there, and answers how many it took; the rest comes again with what follows (in a buffer
    /// twice as large when it took none). A file shorter than `from` is one empty last piece.
    /// Throws the system's error.
    public var readPieces: (String, _ from: Int, _ body: (UnsafeBufferPointer<UInt8>, _ isEnd: Bool) throws -> Int) throws -> Void
    /// The first `count` blocks of `size` bytes of a file, each handed to `body` with its
    /// number, on all cores: `body` runs concurrently, each call with bytes of its own that
    /// last until it returns. `alongside` runs once, on a core of its own while blocks are read
    /// on the others. False, and not every block handed over, when the file is shorter.
    /// Throws the system's error.
    public var readBlocks: (String, _ count: Int, _ size: Int, _ alongside: () -> Void, _ body: (Int, UnsafeRawBufferPointer) -> Void) throws -> Bool
    /// The names in a folder, unsorted; throws the system's error.
    public var names: (String) throws -> [String]
    /// Writes a file atomically (a temporary beside it, then a rename), making its folders.
    public var writeBytes: ([UInt8], String) throws -> Void

    /// Without `length`, `readPieces` or `readBlocks`, files are read whole with `readBytes`:
    /// counted, handed over as one piece, or block by block on one core.
    public init(
        kind: @escaping (String) -> Kind, length: ((String) -> Int?)? = nil, readBytes: @escaping (String) throws -> [UInt8],
        readPieces: ((String, Int, (UnsafeBufferPointer<UInt8>, Bool) throws -> Int) throws -> Void)? = nil,
        readBlocks: ((String, Int, Int, () -> Void, (Int, UnsafeRawBufferPointer) -> Void) throws -> Bool)? = nil,
        names: @escaping (String) throws -> [String], writeBytes: @escaping ([UInt8], String) throws -> Void
    ) {
        self.kind = kind
        self.length = length ?? { try? readBytes($0).count }
        self.readBytes = readBytes
        self.readPieces = readPieces ?? { path, from, body in
            let bytes = try readBytes(path)
            _ = try bytes[min(bytes.count, max(0, from))...].withUnsafeBufferPointer { try body($0, true) }
        }
        self.readBlocks = readBlocks ?? { path, count, size, alongside, body in
            alongside()
            let bytes = try readBytes(path)
            guard bytes.count >= count * size else { return false }
            bytes.withUnsafeBytes { raw in
                for block in 0..<count { body(block, UnsafeRawBufferPointer(rebasing: raw[block * size..<(block + 1) * size])) }
            }
            return true
        }
        self.names = names
        self.writeBytes = writeBytes
    }

    /// The machine's own file system, through Foundation.
    public static let local = FileIO(
        kind: { path in
            var info = stat()
            guard stat(path, &info) == 0 else { return .missing }
            guard (info.st_mode & S_IFMT) == S_IFDIR else { return (info.st_mode & S_IFMT) == S_IFREG ? .file : .special }
            var own = stat()
            return lstat(path, &own) == 0 && (own.st_mode & S_IFMT) == S_IFLNK ? .linkedFolder : .folder
        },
        length: { path in
            var info = stat()
            return stat(path, &info) == 0 ? Int(info.st_size) : nil
        },
        readBytes: WholeFileReader.read,
        readPieces: FilePieceReader.read,
        readBlocks: FileBlockReader.read,
        names: { path in try FileManager.default.contentsOfDirectory(atPath: path) },
        writeBytes: { bytes, path in
            let url = URL(fileURLWithPath: path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url, options: .atomic)
        })
}
