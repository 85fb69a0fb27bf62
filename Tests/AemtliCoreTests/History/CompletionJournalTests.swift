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
