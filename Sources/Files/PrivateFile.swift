import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file that holds secrets (the sign-in, serve's PINs and devices, the private feeds' tokens), as
/// the owner alone may read it: what reading one found. One rule for every place that keeps such files.
public enum PrivateFile: Equatable {
    case missing
    /// Others may read it (or could have): its secrets may have been seen, so it is not used.
    case readableByOthers
    case bytes([UInt8])

    /// Reads `path`; throws the system's error for anything but a missing file.
    public static func read(_ path: String) throws -> PrivateFile {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { return .missing }
            throw FileIO.lastError()
        }
        guard info.st_mode & 0o077 == 0 else { return .readableByOthers }
        return .bytes(try FileIO.local.readBytes(path))
    }

    /// Writes `bytes` to `path` atomically as a file its owner alone may read (0600), in a folder
    /// its owner alone may enter (made so first, also when it was there before).
    public static func write(_ bytes: [UInt8], to path: String) throws {
        try makeFolder(FileIO.folder(of: path))
        try FileIO.local.writeAtomically(bytes, to: path, mode: 0o600)
    }

    /// Makes `path` (and its parents) a folder its owner alone may enter (0700), also when it was
    /// there before with a wider mode.
    public static func makeFolder(_ path: String) throws {
        if mkdir(path, 0o700) != 0 && errno != EEXIST {
            try FileManager.default.createDirectory(
                atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        guard chmod(path, 0o700) == 0 else { throw FileIO.lastError() }
    }
}
