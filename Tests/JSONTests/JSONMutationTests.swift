import Foundation
import InputMutation
import JSON
import XCTest

/// A few seconds of seeded random mutations of JSON texts: every input parses or fails with a
/// `JSONError` placed inside the text; none crashes.
final class JSONMutationTests: XCTestCase {
    static let seeds: [String] = [
        #"{"records": [{"recordName": "C1", "recordType": "Chore", "fields": {"title": {"value": "Tisch \u00e4 \ud83e\uddf9", "type": "STRING"}}}]}"#,
        #"[1, -0.5, 3e2, 1749710700000, 9223372036854775807, true, false, null, "a\"b\\c\n", {}, []]"#,
        "\u{FEFF}{\"a\": {\"b\": [[[{\"c\": \"\\u0000\"}]]]}}\n",
    ]

    func testMutatedJSONNeverCrashesAndFailsWithAPlacedError() {
        var seeds = Self.seeds.map { Array($0.utf8) }
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../../shared/examples")
        for name in (try? FileManager.default.contentsOfDirectory(atPath: examples.path)) ?? []
        where name.hasSuffix(".json") {
            if let data = FileManager.default.contents(atPath: examples.appendingPathComponent(name).path) {
                seeds.append(Array(data))
            }
        }
        var mutator = InputMutator(seed: 17)
        var failures = 0
        for input in mutator.inputs(from: seeds, count: 5_000) {
            do {
                _ = try JSONParser.parse(input)
            } catch let error as JSONError {
                failures += 1
                let lines = input.split(separator: 0x0A, omittingEmptySubsequences: false).count
                XCTAssert(
                    (1...lines).contains(error.line) && error.column >= 1, "\(error.line):\(error.column) for \(input)")
            } catch {
                XCTFail("not a JSONError: \(error) for \(input)")
            }
        }
        XCTAssertGreaterThan(failures, 100, "the mutations should break most inputs")
    }
}
