import InputMutation
import JSON
import XCTest

final class FlatJSONScannerTests: XCTestCase {
    private func scan(_ source: String) -> [String]? {
        let bytes = Array(source.utf8)
        var members: [FlatJSONScanner.Member] = []
        let read = bytes.withUnsafeBufferPointer { FlatJSONScanner.scan($0, into: &members) }
        guard read else { return nil }
        func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        return members.map { member in
            switch member.value {
            case .string(let range): return "\(text(member.key))=\"\(text(range))\""
            case .integer(let value): return "\(text(member.key))=\(value)"
            case .bool(let value): return "\(text(member.key))=\(value)"
            case .null: return "\(text(member.key))=null"
            }
        }
    }

    func testReadsAJournalLineAsItsMembersInOrder() {
        let line = #" {"assignedTo":null, "at":-1788300060000,"chore":"5C-ä","done":true,"n":0,"x":false}"# + "\r"
        XCTAssertEqual(scan(line), ["assignedTo=null", "at=-1788300060000", "chore=\"5C-ä\"", "done=true", "n=0", "x=false"])
        XCTAssertEqual(scan("{}"), [])
        XCTAssertEqual(scan(#"{"a":"","a":1}"#), ["a=\"\"", "a=1"], "a repeated name is kept twice; the reader takes the last")
    }

    func testDeclinesEverythingButAFlatObjectOfPlainValues() {
        let declined = [
            #"{"a":"x\"y"}"#, #"{"a\u0062":1}"#, "{\"a\":\"\t\"}", #"{"a":1.5}"#, #"{"a":1e3}"#, #"{"a":01}"#, #"{"a":-}"#,
            #"{"a":1234567890123456789}"#, #"{"a":{}}"#, #"{"a":[]}"#, "\u{FEFF}{}", #"{"a":1,}"#, #"{"a":1} x"#, #"{"a" 1}"#,
            #"{"a":tru}"#, #"{"a":nul}"#, #"{"a":1"#, "", "[]", #""a""#, "{a:1}",
        ]
        for text in declined { XCTAssertNil(scan(text), text) }
        XCTAssertEqual(scan(#"{"a":123456789012345678}"#), ["a=123456789012345678"], "18 digits are the most it reads")
    }

    /// The promise the journal reader relies on: whatever the scanner reads, the parser reads as an
    /// object with the same members, strings decoded alike.
    func testEveryLineItReadsTheParserReadsTheSame() {
        let seeds = [
            #"{"assignedTo":"00000000-0000-4000-A000-000000000089","at":1788300060000,"changeTag":"s60000","chore":"5C000000-0000-4000-8000-000000010060","event":"undone","period":"2026-09-02","title":"Abfall rausbringen 10060"}"#,
            #"{"sync":1763975700000}"#,
            #"{"assignedTo":null,"at":1700,"chore":"C2","event":"done","period":null,"title":"Küche \ud83e\uddf9","n":-0,"b":true}"#,
        ].map { Array($0.utf8) }
        var mutator = InputMutator(seed: 29)
        var read = 0
        var members: [FlatJSONScanner.Member] = []
        for input in mutator.inputs(from: seeds, count: 20_000) {
            guard input.withUnsafeBufferPointer({ FlatJSONScanner.scan($0, into: &members) }) else { continue }
            read += 1
            guard case .object(let object)? = try? JSONParser.parse(input) else { return XCTFail("the parser does not read \(input) as an object") }
            let expected = object.members.map { member -> String in
                switch member.value {
                case .string(let text): return member.key + "=s:" + text
                case .integer(let value): return member.key + "=i:\(value)"
                case .bool(let value): return member.key + "=b:\(value)"
                case .null: return member.key + "=null"
                default: return member.key + "=other"
                }
            }
            let got = members.map { member -> String in
                let key = String(decoding: input[member.key], as: UTF8.self)
                switch member.value {
                case .string(let range): return key + "=s:" + String(decoding: input[range], as: UTF8.self)
                case .integer(let value): return key + "=i:\(value)"
                case .bool(let value): return key + "=b:\(value)"
                case .null: return key + "=null"
                }
            }
            XCTAssertEqual(got, expected, String(decoding: input, as: UTF8.self))
        }
        XCTAssertGreaterThan(read, 1_000, "the mutations should leave many lines the scanner reads")
    }

    /// Strings are searched eight bytes at a time: the closing quote, a backslash or a control
    /// character is found at every place in a word, after any of the bytes next to them in value
    /// and after bytes above 0x7F.
    func testTheEndOfAStringIsFoundWhereverItFallsInAWord() {
        var members: [FlatJSONScanner.Member] = []
        for length in 0..<24 {
            for filler: UInt8 in [0x61, 0x21, 0x23, 0x20, 0x5B, 0x5D, 0x80, 0xFF] {
                let text = [UInt8](repeating: filler, count: length)
                let line = Array(#"{"k":""#.utf8) + text + Array(#"","m":1}"#.utf8)
                XCTAssertTrue(line.withUnsafeBufferPointer { FlatJSONScanner.scan($0, into: &members) }, "\(length) × \(filler)")
                XCTAssertEqual(members.first?.value, .string(6..<6 + length), "\(length) × \(filler)")
                for special: UInt8 in [0x5C, 0x00, 0x0A, 0x1F] {
                    let cut = Array(#"{"k":""#.utf8) + text + [special] + Array(#"n","m":1}"#.utf8)
                    XCTAssertFalse(cut.withUnsafeBufferPointer { FlatJSONScanner.scan($0, into: &members) }, "\(length) × \(filler) then \(special)")
                }
            }
        }
    }
}
