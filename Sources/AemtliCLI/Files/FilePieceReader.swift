import Foundation

/// Reads a file from start to end through one buffer used again and again (`FileIO.readPieces`):
/// a year's journal is a hundred megabytes, and a buffer that large costs the kernel as much
/// time to clear as the reading itself. The buffer grows only for a line longer than it.
enum FilePieceReader {
    static let pieceSize = 4 << 20

    static func read(_ path: String, from start: Int = 0, _ body: (UnsafeBufferPointer<UInt8>, _ isEnd: Bool) throws -> Int) throws {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw WholeFileReader.failure() }
        defer { close(descriptor) }
        // Beyond the end, the first read finds nothing: one empty last piece.
        guard start == 0 || lseek(descriptor, off_t(start), SEEK_SET) >= 0 else { throw WholeFileReader.failure() }
        var buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: pieceSize)
        defer { buffer.deallocate() }
        var filled = 0
        while true {
            filled += try WholeFileReader.fill(descriptor, UnsafeMutableRawBufferPointer(UnsafeMutableBufferPointer(rebasing: buffer[filled...])))
            let isEnd = filled < buffer.count  // the file ended before the buffer was full
            let taken = try body(UnsafeBufferPointer(UnsafeMutableBufferPointer(rebasing: buffer[..<filled])), isEnd)
            if isEnd { return }
            if taken <= 0 {
                let larger = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: buffer.count * 2)
                _ = larger.initialize(from: buffer)
                buffer.deallocate()
                buffer = larger
            } else if let base = buffer.baseAddress {
                precondition(taken <= filled, "a reader of pieces took more bytes than it was given")
                memmove(base, base + taken, filled - taken)
                filled -= taken
            }
        }
    }
}
