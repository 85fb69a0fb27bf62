@testable import AemtliCore
import InputMutation
import XCTest

final class QuickJournalLineTests: XCTestCase {
    private let written = #"{"assignedTo":"m-7","at":1788300060000,"changeTag":"s60000","chore":"C-10060","event":"undone","period":"2026-09-02","title":"Küche"}"#

    func testTheLineSyncWritesIsReadByItsPunctuation() throws {
        let line = Array(written.utf8)
        let reading = line.withUnsafeBufferPointer { QuickJournalLine.matchingCanonical($0) }
        guard case .tick(let at, let chore, let assignee, let kind, let period)? = reading else { return XCTFail("not read: \(String(describing: reading))") }
        XCTAssertEqual(at, 1_788_300_060_000)
        XCTAssertEqual(String(decoding: line[chore], as: UTF8.self), "C-10060")
        XCTAssertEqual(assignee.map { String(decoding: line[$0], as: UTF8.self) }, "m-7")
        XCTAssertEqual(kind, .undone)
        XCTAssertEqual(period.map { String(decoding: line[$0], as: UTF8.self) }, "2026-09-02")
    }

    func testNullsAndASyncLineAreReadToo() {
        let unassigned = Array(#"{"assignedTo":null,"at":-5,"changeTag":null,"chore":"C","event":"done","period":null,"title":null}"#.utf8)
        guard case .tick(-5, _, nil, .done, nil)? = unassigned.withUnsafeBufferPointer(QuickJournalLine.matchingCanonical) else {
            return XCTFail("the line with nulls is not read")
        }
        guard case .sync(1_763_975_700_000)? = Array(#"{"sync":1763975700000}"#.utf8).withUnsafeBufferPointer(QuickJournalLine.matchingCanonical) else {
            return XCTFail("the sync line is not read")
        }
    }

    func testAnyOtherSpellingIsLeftToTheOtherReaders() {
        let others = [
            written.replacingOccurrences(of: #","at":"#, with: #", "at":"#),  // a space
            written.replacingOccurrences(of: "Küche", with: #"K\u00fcche"#),  // an escape
            written.replacingOccurrences(of: #","title":"Küche""#, with: ""),  // a key less
            written.replacingOccurrences(of: "}", with: #","extra":1}"#),  // a key more
            written.replacingOccurrences(of: "undone", with: "ticked"),
            written.replacingOccurrences(of: "1788300060000", with: "1.5"),
            written.replacingOccurrences(of: #""period":"2026-09-02""#, with: #""period":20260902"#),
            written + "\r", written + " ", "{\"sync\":1} ", "{\"sync\":\"1\"}", #"{"sync":1,"at":2}"#, "", "{",
            #"{"at":1788300060000,"assignedTo":"m-7","changeTag":"s60000","chore":"C-10060","event":"undone","period":"2026-09-02","title":"Küche"}"#,
        ]
        for line in others {
            XCTAssertNil(Array(line.utf8).withUnsafeBufferPointer(QuickJournalLine.matchingCanonical), line)
        }
    }

    /// The quick paths (this one and the flat scanner) read every line as the full parser does:
    /// the same events, syncs and warnings, over mutations of the lines sync writes.
    func testMutatedLinesReadAsTheFullParserReadsThem() {
        let seeds = [
            written, #"{"sync":1763975700000}"#,
            #"{"assignedTo":null,"at":1700,"changeTag":"t2","chore":"C2","event":"done","period":null,"title":null}"#,
            #"{"assignedTo":"m1","at":1500,"chore":"C1","event":"done","period":"2026-03-02"}"#,
        ].map { Array($0.utf8) }
        var mutator = InputMutator(seed: 41)
        // The general mutations, and one or two bytes of a seed replaced by one that matters here.
        let telling = Array(#""\{}:,-0123456789nulldoneE. "#.utf8) + [0x00, 0x1F, 0x7F, 0xC3, 0xBC, 0xFF]
        var lines = mutator.inputs(from: seeds, count: 10_000)
        for _ in 0..<10_000 {
            var line = seeds[mutator.next(seeds.count)]
            for _ in 0...mutator.next(2) { line[mutator.next(line.count)] = telling[mutator.next(telling.count)] }
            lines.append(line)
        }
        lines = lines.map { $0.filter { $0 != 0x0A } }
        let canonical = lines.filter { $0.withUnsafeBufferPointer(QuickJournalLine.matchingCanonical) != nil }.count
        XCTAssertGreaterThan(canonical, 500, "the mutations should leave many lines in sync's own spelling")
        let bytes = Array(lines.joined(separator: [0x0A]))
        let quick = CompletionJournal.parse(bytes, file: "done.jsonl")
        let full = CompletionJournal.parse(bytes, file: "done.jsonl", quickPaths: false)
        XCTAssertEqual(quick.events, full.events)
        XCTAssertEqual(quick.syncs, full.syncs)
        XCTAssertEqual(quick.warnings.map(\.description), full.warnings.map(\.description))
        XCTAssertGreaterThan(full.events.count, 1_000)
    }
}
