@testable import AemtliCLI
import Foundation
import XCTest

final class FilePieceReaderTests: XCTestCase {
    /// A file of several pieces, with a line longer than a piece: each byte is handed over until
    /// taken, in order, and what is left comes again first; the last call says the file ends.
    func testHandsOverAFileInPiecesUntilEachByteIsTaken() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let long = [UInt8](repeating: 0x61, count: FilePieceReader.pieceSize + 12_345) + [0x0A]
        let bytes = Array("short line\n".utf8) + long + (0..<3_000_000).map { $0 % 97 == 0 ? 0x0A : UInt8(0x30 + $0 % 10) }
        let path = folder.appendingPathComponent("journal").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        var taken: [UInt8] = []
        var calls: [(count: Int, isEnd: Bool)] = []
        try FilePieceReader.read(path) { piece, isEnd in
            XCTAssertTrue(piece.starts(with: bytes[taken.count...].prefix(piece.count)), "what is left comes first")
            calls.append((piece.count, isEnd))
            // Whole lines only, as the journal reader takes them; all at the end.
            let count = isEnd ? piece.count : (piece.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0)
            taken += piece[..<count]
            return count
        }
        XCTAssertEqual(taken, bytes)
        XCTAssertEqual(calls.last?.isEnd, true)
        XCTAssertEqual(calls.filter(\.isEnd).count, 1)
        XCTAssertTrue(calls.contains { $0.count > FilePieceReader.pieceSize }, "the buffer grew for the long line")
    }

    func testAnEmptyFileIsOnePieceThatEnds() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString).path
        try Data().write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        var calls: [(Int, Bool)] = []
        try FilePieceReader.read(path) { piece, isEnd in
            calls.append((piece.count, isEnd))
            return piece.count
        }
        XCTAssertEqual(calls.map(\.0), [0])
        XCTAssertEqual(calls.map(\.1), [true])
    }

    /// From an offset, the pieces begin there; from beyond the end, the file is one empty last
    /// piece. The same through `FileIO`'s reading made of `readBytes`, which tests replace.
    func testReadingFromAnOffsetBeginsThereAndBeyondTheEndIsOneEmptyPiece() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString).path
        try Data("first line\nsecond line\n".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        for readPieces in [FileIO.local.readPieces, FileIO.ofBytes.readPieces] {
            for (from, expected) in [(0, "first line\nsecond line\n"), (11, "second line\n"), (22, "\n"), (23, ""), (99, "")] {
                var calls: [(String, Bool)] = []
                try readPieces(path, from) { piece, isEnd in
                    calls.append((String(decoding: piece, as: UTF8.self), isEnd))
                    return piece.count
                }
                XCTAssertEqual(calls.map(\.0), [expected], "from \(from)")
                XCTAssertEqual(calls.map(\.1), [true], "from \(from)")
            }
        }
    }

    func testAMissingFileIsTheSystemsErrorInWords() {
        XCTAssertThrowsError(try FilePieceReader.read("/nonexistent/aemtli") { $0.count + ($1 ? 0 : 0) }) { error in
            XCTAssertEqual(FileIO.describe(error), "No such file or directory")
        }
    }
}
