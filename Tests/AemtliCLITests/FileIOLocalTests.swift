import Files
import Foundation
import XCTest

final class FileIOLocalTests: XCTestCase {
    func testReadsAFileWhole() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try Data(bytes).write(to: folder.appendingPathComponent("big"))
        try Data().write(to: folder.appendingPathComponent("empty"))
        XCTAssertEqual(try FileIO.local.readBytes(folder.appendingPathComponent("big").path), bytes)
        XCTAssertEqual(try FileIO.local.readBytes(folder.appendingPathComponent("empty").path), [])
    }

    func testReadsOnPastTheSizeTheSystemGaveWhenTheFileIsLonger() throws {
        // Files in /proc say they are empty and are not: the reader must go on to the real end.
        let path = "/proc/self/status"
        guard FileManager.default.fileExists(atPath: path) else { throw XCTSkip("no \(path) on this system") }
        let text = String(decoding: try FileIO.local.readBytes(path), as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("Name:"), text)
        XCTAssertTrue(text.contains("\nPid:"), text)
    }

    func testAMissingFileIsTheSystemsErrorInWords() {
        XCTAssertThrowsError(try FileIO.local.readBytes("/nonexistent/aemtli")) { error in
            XCTAssertEqual(FileIO.describe(error), "No such file or directory")
        }
    }
}
