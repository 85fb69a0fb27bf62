import Files
import Foundation
import JSON
import XCTest

@testable import AemtliApp

/// The ticks' audit log on a real disk (SPEC §10): appended, never rewritten; past 1 MB it rolls
/// over to `ticks.1.jsonl`, and only one old file is kept.
final class TickAuditTests: XCTestCase {
    private var store = ""

    override func setUpWithError() throws {
        store = NSTemporaryDirectory() + "aemtli-audit-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: store)
    }

    private func text(_ name: String) -> String? {
        try? String(contentsOfFile: store + "/history/" + name, encoding: .utf8)
    }

    func testLinesAreAppendedAndTheLogRollsOverPastOneMegabyteKeepingOneOldFile() throws {
        let audit = TickAudit(store: store, files: .local)
        try audit.note(.object(["n": .integer(0)]))
        try audit.note(.object(["n": .integer(1)]))
        XCTAssertEqual(text("ticks.jsonl"), "{\"n\":0}\n{\"n\":1}\n")

        // A line of 1000 bytes with its newline: the 1049th passes 1 048 576 bytes (1049 × 1000
        // plus the 16 above), so it is the last in the file that rolls over.
        let filler = String(repeating: "x", count: 1000 - #"{"f":""}"#.count - 1)
        for _ in 0..<1049 { try audit.note(.object(["f": .string(filler)])) }
        XCTAssertNil(text("ticks.jsonl"), "rolled over")
        let old = try XCTUnwrap(text("ticks.1.jsonl"))
        XCTAssertEqual(old.utf8.count, 1_049_016)
        XCTAssertTrue(old.hasPrefix("{\"n\":0}\n{\"n\":1}\n"))

        try audit.note(.object(["n": .integer(2)]))
        XCTAssertEqual(text("ticks.jsonl"), "{\"n\":2}\n", "a new file")
        for _ in 0..<1049 { try audit.note(.object(["f": .string(filler)])) }
        XCTAssertEqual(text("ticks.1.jsonl")?.hasPrefix("{\"n\":2}\n"), true, "the older one is gone")
        let names = try FileManager.default.contentsOfDirectory(atPath: store + "/history").sorted()
        XCTAssertEqual(names, ["ticks.1.jsonl"])
    }
}
