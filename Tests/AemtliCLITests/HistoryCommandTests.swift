import AemtliCLI
import XCTest

/// `aemtli history` over a small store and a journal written by hand in sync's format.
final class HistoryCommandTests: XCTestCase {
    // One weekly chore of Anna's, due Fridays 17:00 Zurich, anchored Friday 6 March 2026.
    static let store = """
        {"records": [
          {"recordName": "m1", "recordType": "FamilyMember", "fields": {"name": {"value": "Anna"}, "role": {"value": "child"}}},
          {"recordName": "C1", "recordType": "Chore", "fields": {"title": {"value": "Dishes"}, "assignedTo": {"value": "m1"},
            "recurrence": {"value": "weekly"}, "isDone": {"value": 0}, "createdAt": {"value": 1772800000000},
            "dueDate": {"value": 1772812800000}}, "modified": {"timestamp": 1773050000000}}
        ]}
        """
    private let flags = [
        "--store", "store", "--now", "2026-03-25T09:00:00+01:00", "--time-zone", "Europe/Zurich", "--weeks", "3",
    ]

    /// Hourly syncs from Sunday 1 March 00:00Z, Anna's tick (line 2) at `tickAt`, by default
    /// Friday 6 March 10:00Z, and line 3 not JSON.
    static func journal(tickAt: Int64 = 1_772_791_200_000) -> [String] {
        var lines = (0...(24 * 24 + 7)).map { "{\"sync\":\(1_772_323_200_000 + Int64($0) * 3_600_000)}" }
        lines.insert(
            "{\"assignedTo\":\"m1\",\"at\":\(tickAt),\"changeTag\":\"t\",\"chore\":\"C1\",\"event\":\"done\",\"period\":\"2026-03-02\",\"title\":\"Dishes\"}",
            at: 1)
        lines.insert("{\"chore\":", at: 2)
        return lines
    }

    /// `history --format tsv --weeks 4` over `journal()` on 25 March, worked out by hand below.
    static let expectedTSV = """
        2026-03-02\tC1\tanna\tdone\t2026-03-06T11:00
        2026-03-09\tC1\tanna\tmissed\t-
        2026-03-16\tC1\tanna\tmissed\t-
        2026-03-23\tC1\tanna\topen\t-

        """

    func testWithoutAJournalItSaysHistoryBeginsWithTheFirstSync() throws {
        let harness = try CLIHarness()
        try harness.write("store/records.json", Self.store)
        let run = harness.run(["history"] + flags)
        XCTAssertEqual(run.exitCode, .success, run.stderr)
        XCTAssertEqual(run.stdout, "History begins with the first 'aemtli sync': it records every tick from then on.\n")
    }

    func testTSVHasOneLinePerPeriodWithMarkAndLocalTick() throws {
        // Syncs hourly from Sunday 1 March 00:00Z (1772323200000) to 25 March 07:00Z. Week 10
        // (2–8 March): ticked Friday 6 March 10:00Z = 11:00 CET, before 17:00: done. Week 11
        // (9–15 March): watched, not ticked: missed. Week 12: a journal line that is not JSON
        // (line 3) is a warning, and week 12 is missed too. Week 13 is current: flag clear, open.
        let harness = try CLIHarness()
        try harness.write("store/records.json", Self.store)
        try harness.write("store/history/done.jsonl", Self.journal().joined(separator: "\n") + "\n")
        let run = harness.run(["history", "--format", "tsv"] + flags + ["--weeks", "4"])
        XCTAssertEqual(run.exitCode, .success, run.stderr)
        XCTAssertEqual(run.stdout, Self.expectedTSV)
        XCTAssertTrue(
            run.stderr.hasPrefix("aemtli: warning: store/history/done.jsonl:3: the journal line is not valid JSON"),
            run.stderr)
        let text = harness.run(["history"] + flags + ["--weeks", "4"]).stdout
        XCTAssertTrue(
            text.contains("  Dishes · streak 0 · best 1\n                  ✓       ✗       ✗       ○\n"), text)
        XCTAssertTrue(text.contains("  Done        100 %   0 %     0 %     0 %\n"), text)
    }
}
