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
    /// A file's bytes; throws the system's error.
    public var readBytes: (String) throws -> [UInt8]
    /// The names in a folder, unsorted; throws the system's error.
    public var names: (String) throws -> [String]
    /// Writes a file atomically (a temporary beside it, then a rename), making its folders.
    public var writeBytes: ([UInt8], String) throws -> Void

    public init(
        kind: @escaping (String) -> Kind, readBytes: @escaping (String) throws -> [UInt8],
        names: @escaping (String) throws -> [String], writeBytes: @escaping ([UInt8], String) throws -> Void
    ) {
        self.kind = kind
        self.readBytes = readBytes
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
        readBytes: WholeFileReader.read,
        names: { path in try FileManager.default.contentsOfDirectory(atPath: path) },
        writeBytes: { bytes, path in
            let url = URL(fileURLWithPath: path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url, options: .atomic)
        })
}
