import AemtliCore
import XCTest

final class CompletionJournalTests: XCTestCase {
    func testLinesInSyncsFormatBecomeEventsAndSyncTimes() {
        let text = """
            {"sync":1000}
            {"assignedTo":"m1","at":1500,"changeTag":"t1","chore":"C1","event":"done","period":"2026-03-02","title":"Dishes"}
            {"assignedTo":null,"at":1700,"changeTag":"t2","chore":"C2","event":"undone","period":null,"title":null}
            {"sync":2000}

            """
        let journal = CompletionJournal.parse(Array(text.utf8), file: "store/history/done.jsonl")
        XCTAssertEqual(journal.syncs, [1000, 2000])
        XCTAssertEqual(journal.events, [
            JournalEvent(choreID: "C1", kind: .done, at: 1500, assignedTo: "m1"), JournalEvent(choreID: "C2", kind: .undone, at: 1700, assignedTo: nil),
        ])
        XCTAssertEqual(journal.warnings, [])
    }

    func testAMalformedLineIsAWarningNamingFileAndLineAndTheRestIsRead() {
        // Line 2 is cut off, line 3 has an unknown event, line 4 a period that is no date; lines 1 and 5 stand.
        let text = "{\"sync\":1000}\n{\"chore\":\"C1\",\"ev\n{\"chore\":\"C1\",\"event\":\"ticked\",\"at\":5}\n{\"chore\":\"C1\",\"event\":\"done\",\"at\":5,\"period\":\"March\"}\n{\"sync\":3000}\n"
        let journal = CompletionJournal.parse(Array(text.utf8), file: "done.jsonl")
        XCTAssertEqual(journal.syncs, [1000, 3000])
        XCTAssertEqual(journal.events, [])
        XCTAssertEqual(journal.warnings.map(\.file), ["done.jsonl:2", "done.jsonl:3", "done.jsonl:4"])
        XCTAssertEqual(journal.warnings[1].message, "the journal line has an event 'ticked' that is neither done nor undone; it is skipped.")
        XCTAssertEqual(journal.warnings[2].message, "the journal line has a period 'March' that is not a date YYYY-MM-DD; it is skipped.")
    }
}

final class CompletionJournalPiecesTests: XCTestCase {
    /// A journal over a mebibyte is read in pieces on all cores: the events come out in file
    /// order, the warnings name the line of the whole file, and an id spelt with an escape (read
    /// by the full parser) is the same chore as the plain one (read by the quick path).
    func testALargeJournalReadsAsOneWithLineNumbersOfTheWholeFile() {
        var lines: [String] = []
        var expected: [JournalEvent] = []
        var expectedSyncs: [Int64] = []
        for number in 1...12_000 {
            let at = Int64(1_788_300_000_000 + number * 60_000)
            switch number {
            case 1, 4_000, 8_999: lines.append(#"{"chore":"C1","event":"ticked","at":5}"#)
            case _ where number % 1_000 == 0:
                lines.append(#"{"sync":\#(at)}"#)
                expectedSyncs.append(at)
            case _ where number % 7 == 0:
                lines.append(#"{"assignedTo":"m\u0031","at":\#(at),"chore":"C\u0031","event":"undone","period":"2026-09-02","title":"Fenster"}"#)
                expected.append(JournalEvent(choreID: "C1", kind: .undone, at: at, assignedTo: "m1"))
            default:
                let chore = "C\(number % 3)"
                lines.append(#"{"assignedTo":"m1","at":\#(at),"changeTag":"t\#(number)","chore":"\#(chore)","event":"done","period":"2026-09-02","title":"Abfall rausbringen und Altpapier bündeln, Küche"}"#)
                expected.append(JournalEvent(choreID: chore, kind: .done, at: at, assignedTo: "m1"))
            }
        }
        let bytes = Array(lines.joined(separator: "\n").utf8)
        XCTAssertGreaterThan(bytes.count, 1 << 20, "large enough to be read in pieces")
        let journal = CompletionJournal.parse(bytes, file: "done.jsonl")
        XCTAssertEqual(journal.events.count, expected.count)
        XCTAssertEqual(journal.events, expected)
        XCTAssertEqual(journal.syncs, expectedSyncs)
        XCTAssertEqual(journal.warnings.map(\.file), ["done.jsonl:1", "done.jsonl:4000", "done.jsonl:8999"])
    }
}

final class CompletionJournalReaderTests: XCTestCase {
    /// A journal handed over in pieces of any size, cut anywhere (mid-line too), reads as the
    /// whole file does: the same events and syncs, warnings on the same lines; `alongside` gets
    /// every byte once, in order. Large pieces are read in runs on all cores, small ones whole.
    func testAJournalInPiecesOfAnySizeReadsAsTheWholeFile() {
        var lines: [String] = []
        for number in 1...9_000 {
            switch number % 1_500 {
            case 0: lines.append(#"{"sync":\#(1_788_300_000_000 + number)}"#)
            case 7: lines.append(#"{"chore":"C1","event":"ticked","at":5}"#)
            case 8: lines.append("")
            default: lines.append(#"{"assignedTo":"m\#(number % 5)","at":\#(1_788_300_000_000 + number),"changeTag":"t","chore":"C\#(number % 40)","event":"\#(number % 3 == 0 ? "undone" : "done")","period":"2026-09-02","title":"Küche"}"#)
            }
        }
        let bytes = Array(lines.joined(separator: "\n").utf8)
        let whole = CompletionJournal.parse(bytes, file: "done.jsonl")
        XCTAssertEqual(whole.warnings.map(\.file), ["done.jsonl:7", "done.jsonl:1507", "done.jsonl:3007", "done.jsonl:4507", "done.jsonl:6007", "done.jsonl:7507"])
        // Pieces of a MiB and more are split among the workers, as many as the machine has cores
        // unless told: one, two and eight here, whatever this machine has.
        for (pieceSize, workers) in [100, 4_096, 700_000, 1 << 21].flatMap({ size in [1, 2, 8].map { (size, $0) } }) {
            var reader = CompletionJournalReader(file: "done.jsonl", workers: workers)
            var seen: [UInt8] = []
            var offset = 0
            var size = pieceSize
            while true {  // as FilePieceReader hands a file over: what is not taken comes again, more if none was
                let end = min(bytes.count, offset + size)
                let taken = bytes[offset..<end].withUnsafeBufferPointer { reader.read($0, isEnd: end == bytes.count) { seen += $0 } }
                offset += taken
                if end == bytes.count { break }
                size = taken == 0 ? size * 2 : pieceSize
            }
            let journal = reader.journal()
            XCTAssertEqual(seen, bytes, "piece size \(pieceSize), \(workers) workers")
            XCTAssertEqual(journal.events, whole.events, "piece size \(pieceSize), \(workers) workers")
            XCTAssertEqual(journal.syncs, whole.syncs, "piece size \(pieceSize), \(workers) workers")
            XCTAssertEqual(journal.warnings, whole.warnings, "piece size \(pieceSize), \(workers) workers")
        }
    }
}

