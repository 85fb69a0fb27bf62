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

    func testTextSaysWhenHistoryBeganAndDrawsNoWeekBeforeIt() throws {
        // The first sync ran Sunday 1 March 00:00Z, 01:00 in Zurich: the last day of week 9 (23 Feb
        // to 1 March). Of eight weeks back from week 13, weeks 6, 7 and 8 end before it and are not
        // drawn; week 9 is, empty (the chore was made on 6 March), and says "–" for its share.
        let harness = try CLIHarness()
        try harness.write("store/records.json", Self.store)
        try harness.write("store/history/done.jsonl", Self.journal().joined(separator: "\n") + "\n")
        let run = harness.run(["history"] + flags + ["--weeks", "8"])
        XCTAssertEqual(run.exitCode, .success, run.stderr)
        XCTAssertEqual(
            run.stdout,
            """
            History (✓ on time · ! late · ✗ missed · · unknown · ○ open)
            History since the first sync on Sunday, 1 March.

            Anna
                          W09     W10     W11     W12     W13
              Dishes · streak 0 · best 1
                                      ✓       ✗       ✗       ○
              Done        –       100 %   0 %     0 %     0 %

            """)
        // A journal older than the weeks asked for: all are drawn, and nothing more is said.
        let four = harness.run(["history"] + flags + ["--weeks", "4"]).stdout
        XCTAssertTrue(four.hasPrefix("History (✓ on time · ! late · ✗ missed · · unknown · ○ open)\n\nAnna\n"), four)
        XCTAssertTrue(four.contains("              W10     W11     W12     W13\n"), four)
    }
}

/// SPEC §8.5 over a year, through the real commands: the journal `demo-store` writes as sync
/// writes it (a sync every 15 minutes, a line when one is due) shows the same marks in `aemtli
/// history` as the same year with a line every 15 minutes, and a day the server was off is still
/// unknown in both.
final class HistoryOfAYearTests: XCTestCase {
    private let now = ["--now", "2026-11-26T08:00:00+01:00", "--time-zone", "Europe/Zurich"]

    private func syncTimes(_ lines: [String]) -> [Int64] {
        lines.compactMap { line in
            guard line.hasPrefix("{\"sync\":") else { return nil }
            return Int64(line.dropFirst(8).dropLast())
        }
    }

    func testAYearOfQuarterHourSyncsWritesALineAnHourAndShowsTheSameMarks() throws {
        let harness = try CLIHarness()
        let made = harness.run(
            [
                "demo-store", "--members", "2", "--chores", "8", "--seed", "4", "--history-weeks", "52",
                "--out", "store",
            ] + now)
        XCTAssertEqual(made.exitCode, .success, made.stderr)
        let lines = try harness.read("store/history/done.jsonl").split(separator: "\n").map(String.init)
        let syncs = syncTimes(lines)
        // At most one line an hour, but for one after a local midnight or after ticks (below).
        let zurich = TimeZone(identifier: "Europe/Zurich")!
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zurich
        let ticks = lines.compactMap { line -> Int64? in
            guard let range = line.range(of: "\"at\":") else { return nil }
            return Int64(line[range.upperBound...].prefix(13))
        }.sorted()
        let day = { (millis: Int64) in calendar.startOfDay(for: Date(timeIntervalSince1970: Double(millis) / 1000)) }
        var tick = 0
        for (index, (earlier, later)) in zip(syncs, syncs.dropFirst()).enumerated() {
            while tick < ticks.count, ticks[tick] <= earlier { tick += 1 }
            let ticksBetween = tick < ticks.count && ticks[tick] <= later
            guard later - earlier < 3_600_000 else { continue }
            XCTAssertTrue(day(earlier) != day(later) || ticksBetween, "lines \(index) and \(index + 1) are too close")
        }
        XCTAssertLessThan(syncs.count, 52 * 7 * 26, "about one an hour, not four")
        XCTAssertGreaterThan(syncs.count, 52 * 7 * 24 - 10)

        // The same year with a line every 15 minutes, as older versions wrote it.
        let written = Set(syncs)
        let quarter = stride(from: syncs[0], through: syncs[syncs.count - 1], by: 900_000).filter {
            !written.contains($0)
        }
        try harness.write(
            "every/history/done.jsonl",
            (lines + quarter.map { "{\"sync\":\($0)}" }).joined(separator: "\n") + "\n")
        for name in try FileManager.default.contentsOfDirectory(
            atPath: harness.directory.appendingPathComponent("store").path) where name.hasSuffix(".json")
        {
            try harness.write("every/" + name, try harness.read("store/" + name))
        }
        let history = ["history", "--format", "tsv", "--weeks", "52"] + now
        let thinned = harness.run(history + ["--store", "store"])
        let every = harness.run(history + ["--store", "every"])
        XCTAssertEqual(thinned.exitCode, .success, thinned.stderr)
        XCTAssertEqual(thinned.stdout, every.stdout)
        XCTAssertTrue(thinned.stdout.contains("\tdone\t"), thinned.stdout)

        // The server off for a whole day (Wednesday 4 November, Zurich): from the evening before to
        // the morning after, no sync ran and no tick was seen, in both journals. Its daily periods
        // are unknown.
        let off = Int64(1_793_734_200_000)...Int64(1_793_869_200_000)  // 3 Nov 20:30 to 5 Nov 10:00 (UTC+1)
        for store in ["store", "every"] {
            let kept = try harness.read(store + "/history/done.jsonl").split(separator: "\n").filter { line in
                let key = line.hasPrefix("{\"sync\":") ? "\"sync\":" : "\"at\":"
                guard let range = line.range(of: key), let at = Int64(line[range.upperBound...].prefix(13)) else {
                    return true
                }
                return !off.contains(at)
            }
            try harness.write(store + "/history/done.jsonl", kept.joined(separator: "\n") + "\n")
        }
        let a = harness.run(history + ["--store", "store"]).stdout
        XCTAssertEqual(a, harness.run(history + ["--store", "every"]).stdout)
        // Daily chores' periods of that day (each of them ticked on every other day) are unknown.
        let fourth = a.split(separator: "\n").filter { $0.hasPrefix("2026-11-04\t") }
        XCTAssertFalse(fourth.isEmpty, a)
        for line in fourth { XCTAssertTrue(line.contains("\tunknown\t"), String(line)) }
        XCTAssertTrue(a.contains("2026-11-03\t") && a.contains("2026-11-05\t"), a)
    }
}
