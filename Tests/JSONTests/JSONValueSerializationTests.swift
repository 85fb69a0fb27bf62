import JSON
import XCTest

final class JSONValueSerializationTests: XCTestCase {
    func testSortsKeysSoEqualValuesGiveEqualText() {
        let value: JSONValue = .object(["b": .integer(2), "a": .array([.bool(true), .null]), "c": .double(1.5)])
        XCTAssertEqual(value.serialized(), #"{"a":[true,null],"b":2,"c":1.5}"#)
    }

    func testIndentsWhenPretty() {
        let value: JSONValue = .object(["a": .array([.integer(1)]), "b": .object([:])])
        XCTAssertEqual(value.serialized(pretty: true), "{\n  \"a\": [\n    1\n  ],\n  \"b\": {}\n}")
    }

    func testEscapesQuotesBackslashesAndControlCharacters() {
        XCTAssertEqual(JSONValue.string("a\"b\\c\nd\u{1}e\u{2028}ä").serialized(), #""a\"b\\c\nd\u0001e\u2028ä""#)
    }

    func testWritesWholeDoublesWithoutAFraction() {
        XCTAssertEqual(JSONValue.double(85).serialized(), "85")
        XCTAssertEqual(JSONValue.double(0.25).serialized(), "0.25")
    }

    func testRoundTripsThroughTheParser() throws {
        let value: JSONValue = .object(["title": .string("Tisch \"decken\" 🍽\t"), "n": .integer(-1_749_710_700_000)])
        XCTAssertEqual(try JSONParser.parse(value.serialized()), value)
        XCTAssertEqual(try JSONParser.parse(value.serialized(pretty: true)), value)
    }

    func testShortensLongSnippetsForMessages() {
        XCTAssertEqual(
            JSONValue.string(String(repeating: "x", count: 50)).snippet, String(repeating: "x", count: 39) + "…")
        XCTAssertEqual(JSONValue.object(["a": .integer(1)]).snippet, #"{"a":1}"#)
    }
}
