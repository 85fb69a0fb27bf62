import Foundation

/// Reads a whole file with `open`, `fstat` and `read`, so that a failure is the system's own
/// error (`POSIXError`, which `FileIO.describe` words: "Permission denied") and a file that grows
/// while it is read is read to its new end.
enum WholeFileReader {
    static func read(_ path: String) throws -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileIO.lastError() }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw FileIO.lastError() }
        return try FileIO.readAll(from: descriptor, capacity: max(0, Int(info.st_size)))
    }
}
