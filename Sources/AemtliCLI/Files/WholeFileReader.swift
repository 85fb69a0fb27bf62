import AemtliCore
import Foundation

/// Reads a whole file into one array with `open`, `fstat` and `read`: a journal of a year is a
/// hundred megabytes, and going through `Data` copied it once more and faulted in twice the pages.
/// A file that grows while it is read is read to its new end. Failures throw the system's error
/// as a `POSIXError`, which `FileIO.describe` words.
enum WholeFileReader {
    static func read(_ path: String) throws -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure() }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw failure() }
        var bytes = try [UInt8](unsafeUninitializedCapacity: max(0, Int(info.st_size)) + 1) { buffer, count in
            LargePages.request(buffer)
            count = try fill(descriptor, UnsafeMutableRawBufferPointer(buffer))
        }
        if bytes.count == Int(info.st_size) + 1 {  // it grew: read on in pieces
            var piece = [UInt8](repeating: 0, count: 1 << 16)
            while case let got = try piece.withUnsafeMutableBytes({ try fill(descriptor, $0) }), got > 0 {
                bytes += piece[..<got]
            }
        }
        return bytes
    }

    /// Reads until `buffer` is full or the file ends, from where the descriptor stands or, with
    /// `offset`, from there (`pread`, which leaves the descriptor where it stands, so that
    /// threads can share it); the number of bytes read.
    static func fill(_ descriptor: Int32, _ buffer: UnsafeMutableRawBufferPointer, at offset: Int? = nil) throws -> Int {
        var count = 0
        while count < buffer.count, let base = buffer.baseAddress {
            let got = offset.map { pread(descriptor, base + count, buffer.count - count, off_t($0 + count)) } ?? Foundation.read(descriptor, base + count, buffer.count - count)
            if got < 0, errno == EINTR { continue }
            guard got >= 0 else { throw failure() }
            if got == 0 { break }
            count += got
        }
        return count
    }

    static func failure() -> POSIXError {
        POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
}
