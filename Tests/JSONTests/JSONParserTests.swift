import JSON
import XCTest

final class JSONParserTests: XCTestCase {
    func testParsesEveryKindOfValue() throws {
        let value = try JSONParser.parse(#"{"a": [1, -2.5, 3e2, true, false, null], "b": {"c": "d"}}"#)
        XCTAssertEqual(
            value,
            .object([
                "a": .array([.integer(1), .double(-2.5), .double(300), .bool(true), .bool(false), .null]),
                "b": .object(["c": .string("d")]),
            ]))
    }

    func testKeepsMillisecondTimestampsExact() throws {
        XCTAssertEqual(try JSONParser.parse("1749710700123"), .integer(1_749_710_700_123))
        XCTAssertEqual(try JSONParser.parse("-62135769600000"), .integer(-62_135_769_600_000))
        XCTAssertEqual(try JSONParser.parse("99999999999999999999"), .double(1e20))
    }

    func testDecodesEscapesAndSurrogatePairs() throws {
        let value = try JSONParser.parse(#""a\"b\\c\/d\n\t\u00e4\ud83d\ude00""#)
        XCTAssertEqual(value, .string("a\"b\\c/d\n\tä😀"))
    }

    func testReplacesALoneSurrogateWithTheReplacementCharacter() throws {
        XCTAssertEqual(try JSONParser.parse(#""x\ud800y""#), .string("x\u{FFFD}y"))
    }

    func testKeepsRawUTF8Text() throws {
        XCTAssertEqual(try JSONParser.parse(#"["Zimmer aufräumen 🧹"]"#), .array([.string("Zimmer aufräumen 🧹")]))
    }

    func testSkipsAByteOrderMark() throws {
        XCTAssertEqual(try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("[]".utf8)), .array([]))
    }

    func testReportsLineAndColumnOfAMissingComma() {
        assertError(
            "{\n  \"a\": 1\n  \"b\": 2\n}", line: 3, column: 3,
            "expected ',' or '}' after an object member but found '\"'")
    }

    func testCountsColumnsInCharactersNotBytes() {
        assertError("[\"ä\" x]", line: 1, column: 6, "expected ',' or ']' after an array element but found 'x'")
    }

    func testRejectsTrailingCommas() {
        assertError("[1,]", line: 1, column: 4, "expected a value but found ']'")
    }

    func testRejectsTextAfterTheValue() {
        assertError("{} {}", line: 1, column: 4, "expected the end of the text after the JSON value but found '{'")
    }

    func testRejectsAnUnfinishedDocument() {
        assertError("{\"a\": [1, 2", line: 1, column: 12, "the text ends before the JSON value is complete")
    }

    func testRejectsBadNumbers() {
        assertError("[01]", line: 1, column: 2, "'01' is not a valid number")
        assertError("[1.]", line: 1, column: 2, "'1.' is not a valid number")
        assertError("[-]", line: 1, column: 2, "'-' is not a valid number")
    }

    func testRejectsBadEscapesAndRawControlCharacters() {
        assertError(#"["a\qb"]"#, line: 1, column: 4, #"'\q' is not a valid escape in a string"#)
        assertError(#"["\u12G4"]"#, line: 1, column: 3, #"'\u12G4' is not a valid escape in a string"#)
        assertError(
            "[\"a\nb\"]", line: 1, column: 4,
            "a string holds a raw control character (line break or tab) that must be escaped")
    }

    func testLimitsNestingInsteadOfExhaustingTheStack() {
        let deep = String(repeating: "[", count: 100_000)
        XCTAssertThrowsError(try JSONParser.parse(deep)) { error in
            XCTAssertEqual((error as? JSONError)?.reason, .nestingTooDeep(limit: 512))
        }
        XCTAssertNoThrow(try JSONParser.parse(String(repeating: "[", count: 512) + String(repeating: "]", count: 512)))
    }

    func testRejectsMisspelledLiterals() {
        assertError("[tru]", line: 1, column: 2, "expected a value but found 't'")
    }

    private func assertError(
        _ text: String, line: Int, column: Int, _ message: String, file: StaticString = #filePath,
        sourceLine: UInt = #line
    ) {
        XCTAssertThrowsError(try JSONParser.parse(text), file: file, line: sourceLine) { error in
            guard let error = error as? JSONError else {
                return XCTFail("not a JSONError: \(error)", file: file, line: sourceLine)
            }
            XCTAssertEqual(error.line, line, "line", file: file, line: sourceLine)
            XCTAssertEqual(error.column, column, "column", file: file, line: sourceLine)
            XCTAssertEqual(error.description, message, file: file, line: sourceLine)
        }
    }
}
