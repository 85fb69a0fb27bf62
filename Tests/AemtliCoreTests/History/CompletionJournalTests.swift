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
        XCTAssertEqual(
            journal.events,
            [
                JournalEvent(
                    choreID: "C1", kind: .done, at: 1500, assignedTo: "m1", period: "2026-03-02", title: "Dishes",
                    changeTag: "t1"),
                JournalEvent(choreID: "C2", kind: .undone, at: 1700, assignedTo: nil, changeTag: "t2"),
            ])
        XCTAssertEqual(journal.warnings, [])
    }

    func testAMalformedLineIsAWarningNamingFileAndLineAndTheRestIsRead() {
        // Line 2 is cut off, line 3 has an unknown event, line 4 a period that is no date; lines 1 and 5 stand.
        let text =
            "{\"sync\":1000}\n{\"chore\":\"C1\",\"ev\n{\"chore\":\"C1\",\"event\":\"ticked\",\"at\":5}\n{\"chore\":\"C1\",\"event\":\"done\",\"at\":5,\"period\":\"March\"}\n{\"sync\":3000}\n"
        let journal = CompletionJournal.parse(Array(text.utf8), file: "done.jsonl")
        XCTAssertEqual(journal.syncs, [1000, 3000])
        XCTAssertEqual(journal.events, [])
        XCTAssertEqual(journal.warnings.map(\.file), ["done.jsonl:2", "done.jsonl:3", "done.jsonl:4"])
        XCTAssertEqual(
            journal.warnings[1].message,
            "the journal line has an event 'ticked' that is neither done nor undone; it is skipped.")
        XCTAssertEqual(
            journal.warnings[2].message,
            "the journal line has a period 'March' that is not a date YYYY-MM-DD; it is skipped.")
    }

    func testALineEditedByHandReadsWithItsKeysInAnyOrderSpacedAndEscaped() {
        let text = #"  { "event" : "done", "chore":"C\u0031", "at": 1500 , "assignedTo":"m1" }  "# + "\r\n"
        let journal = CompletionJournal.parse(Array(text.utf8), file: "done.jsonl")
        XCTAssertEqual(journal.events, [JournalEvent(choreID: "C1", kind: .done, at: 1500, assignedTo: "m1")])
        XCTAssertEqual(journal.warnings, [])
    }

    func testTimesOutsideTheYears1900To2999AreWarnings() {
        let text = "{\"sync\":32503680000000}\n{\"chore\":\"C1\",\"event\":\"done\",\"at\":-2208988800001}\n"
        let journal = CompletionJournal.parse(Array(text.utf8), file: "done.jsonl")
        XCTAssertTrue(journal.isEmpty)
        XCTAssertEqual(
            journal.warnings.map(\.message),
            [
                "the journal line has a sync time '32503680000000' that is not milliseconds between the years 1900 and 2999; it is skipped.",
                "the journal line has a time '-2208988800001' that is not milliseconds between the years 1900 and 2999; it is skipped.",
            ])
    }
}

final class JournalLineTests: XCTestCase {
    /// The bytes sync writes, spelt out by hand: keys sorted, no spaces, a line feed.
    func testAnEventAndASyncAreWrittenAsSyncWritesThem() {
        let event = JournalEvent(
            choreID: "C1", kind: .undone, at: 1_788_300_000_000, assignedTo: nil, period: "2026-09-02",
            title: "Küche \"putzen\"", changeTag: "t7")
        XCTAssertEqual(
            String(decoding: JournalLine.event(event).bytes, as: UTF8.self),
            #"{"assignedTo":null,"at":1788300000000,"changeTag":"t7","chore":"C1","event":"undone","period":"2026-09-02","title":"Küche \"putzen\""}"#
                + "\n")
        XCTAssertEqual(String(decoding: JournalLine.sync(1_000).bytes, as: UTF8.self), "{\"sync\":1000}\n")
    }

    func testAWrittenLineReadsBackAsItself() {
        let lines: [JournalLine] = [
            .sync(-2_208_988_800_000),
            .event(
                JournalEvent(choreID: "é\u{301}\n", kind: .done, at: 5, assignedTo: "m\u{0}", period: nil, title: "")),
        ]
        for line in lines {
            XCTAssertEqual(try JournalLine.parse(line.bytes.dropLast()).get(), line)
        }
    }

    private let time = ScheduleFixtures.time("Europe/Zurich")

    private func due(_ now: String, last: String?, failed: Bool = false, events: Bool = false) -> Bool {
        JournalLine.syncLineDue(
            at: ScheduleFixtures.instant(now), lastLine: last.map(ScheduleFixtures.instant), previousRunFailed: failed,
            wroteEvents: events, time: time)
    }

    func testASyncLineIsDueAfterAnHourAMidnightAFailureOrEventsAndOtherwiseNot() {
        XCTAssertTrue(due("2026-03-10T10:00+01:00", last: nil), "the first sync")
        XCTAssertFalse(due("2026-03-10T10:45+01:00", last: "2026-03-10T10:00+01:00"))
        XCTAssertTrue(due("2026-03-10T11:00+01:00", last: "2026-03-10T10:00+01:00"), "an hour")
        XCTAssertTrue(due("2026-03-11T00:00+01:00", last: "2026-03-10T23:45+01:00"), "midnight in Zurich")
        XCTAssertFalse(
            due("2026-03-10T01:15+01:00", last: "2026-03-10T00:45+01:00"), "midnight in UTC is no local midnight")
        XCTAssertTrue(due("2026-03-10T10:15+01:00", last: "2026-03-10T10:00+01:00", failed: true))
        XCTAssertTrue(due("2026-03-10T10:15+01:00", last: "2026-03-10T10:00+01:00", events: true))
    }
}
