@testable import AemtliCLI
import Foundation
import XCTest

/// `FileIO.readBlocks`: the machine's (`FileBlockReader`, on all cores with `pread`) and the one
/// made of `readBytes` that a test's `FileIO` gets, which must agree.
final class FileBlockReaderTests: XCTestCase {
    private static let readers = [("local", FileIO.local), ("of readBytes", FileIO.ofBytes)]

    /// Ten blocks of 4 096 bytes and 100 more, each byte its position's own.
    private func file() throws -> (path: String, bytes: [UInt8]) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString).path
        let bytes = (0..<(10 * 4096 + 100)).map { UInt8(truncatingIfNeeded: $0 &* 31 ^ $0 >> 8) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return (path, bytes)
    }

    /// Blocks and `alongside` run concurrently: what they saw is gathered under a lock.
    private final class Seen: @unchecked Sendable {
        let lock = NSLock()
        var blocks: [Int: [UInt8]] = [:]
        var handedOver = 0
        var alongside = 0
    }

    func testEachBlockIsHandedOverOnceWithItsOwnBytesAndAlongsideRunsOnce() throws {
        let (path, bytes) = try file()
        for (name, files) in Self.readers {
            for count in [0, 1, 7, 10] {
                let seen = Seen()
                let whole = try files.readBlocks(path, count, 4096, {
                    seen.lock.withLock { seen.alongside += 1 }
                }) { number, block in
                    let copy = Array(block)
                    seen.lock.withLock { seen.blocks[number] = copy; seen.handedOver += 1 }
                }
                XCTAssertTrue(whole, "\(name), \(count) blocks")
                XCTAssertEqual(seen.alongside, 1, "\(name), \(count) blocks")
                XCTAssertEqual(seen.handedOver, count, "\(name), \(count) blocks")
                for number in 0..<count {
                    XCTAssertEqual(seen.blocks[number], Array(bytes[number * 4096..<(number + 1) * 4096]), "\(name), block \(number)")
                }
            }
        }
    }

    /// Eleven blocks of a file that holds ten and a bit: false, and the last is never handed over.
    func testAFileShorterThanTheBlocksIsFalse() throws {
        let (path, _) = try file()
        for (name, files) in Self.readers {
            let seen = Seen()
            let whole = try files.readBlocks(path, 11, 4096, { seen.lock.withLock { seen.alongside += 1 } }) { number, _ in
                seen.lock.withLock { seen.blocks[number] = [] }
            }
            XCTAssertFalse(whole, name)
            XCTAssertNil(seen.blocks[10], name)
            XCTAssertEqual(seen.alongside, 1, name)
        }
    }

    /// A folder opens, but reading it fails: the system's error, not blocks of nothing.
    func testAFolderIsTheSystemsReadingErrorInWords() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, files) in Self.readers {
            XCTAssertThrowsError(try files.readBlocks(folder.path, 2, 4096, {}) { _, _ in }, name) { error in
                XCTAssertEqual(FileIO.describe(error), "Is a directory", name)
            }
        }
    }

    func testAMissingFileIsTheSystemsErrorInWords() {
        for (name, files) in Self.readers {
            XCTAssertThrowsError(try files.readBlocks("/nonexistent/aemtli", 2, 4096, {}) { _, _ in }, name) { error in
                XCTAssertEqual(FileIO.describe(error), "No such file or directory", name)
            }
        }
    }
}
