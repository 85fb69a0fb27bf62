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
        var bytes: [UInt8] = []
        bytes.reserveCapacity(max(0, Int(info.st_size)))
        var piece = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let got = piece.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if got < 0, errno == EINTR { continue }
            guard got >= 0 else { throw FileIO.lastError() }
            if got == 0 { return bytes }
            bytes += piece[..<got]
        }
    }
}
