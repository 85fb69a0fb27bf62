import AemtliCLI
import AemtliCore
import CloudKitTestServer
import Foundation
import XCTest

/// Ticks made on our CloudKit test server over three simulated weeks, synced by `aemtli sync` at
/// the simulated times, come back as the same marks from `aemtli history --format tsv`.
final class HistoryEndToEndTests: XCTestCase {
    private let harness = SyncHarness()

    override func setUpWithError() throws {
        try harness.start()
        // The family is saved on 1 May 2025 (02:00Z), before every simulated tick.
        harness.server.withLock { harness.server.clockMillis = 1_746_064_800_000 }
        harness.seedFamily(chores: 1)
    }

    override func tearDown() {
        harness.tearDown()
    }

    private func millis(_ text: String) throws -> Int64 {
        try XCTUnwrap(ISODateTime.instantMillis(text))
    }

    /// The flags of every run at simulated time `now` (milliseconds).
    private func flags(at now: Int64) -> [String] {
        var flags = harness.serverFlags
        if let index = flags.firstIndex(of: "--now") {
            flags.remove(at: index + 1)
            flags.remove(at: index)
        }
        let seconds = Date(timeIntervalSince1970: Double(now) / 1000)
        return flags + ["--now", ISO8601DateFormatter().string(from: seconds)]
    }

    /// Saves the chore with `done` as the app would at `at`, then syncs 15 minutes later.
    private func set(_ done: Bool, at: Int64) {
        harness.server.withLock { harness.server.clockMillis = at - 1000 }
        harness.server.save([ServerRecords.chore("c00000", title: "Chore 0", assignedTo: "m2", isDone: done)])
        let run = harness.aemtli(["sync"] + flags(at: at + 900_000))
        XCTAssertEqual(run.exitCode, .success, run.stderr)
    }

    func testTicksOverThreeWeeksShowAsTheSameMarks() throws {
        // c00000 is Anna's (m2, slug anna), daily at 11:00 Zurich (its dueDate, 30 April 2025
        // 09:00Z). From Monday 2 June 2025, day i is ticked at 09:00 CEST (on time) or, when i % 4
        // is 1, at 15:00 (late); when i % 5 is 3 nobody ticks (missed). Every tick is seen by a
        // sync 15 minutes later; the app clears the flag at 06:00 the next day, seen the same way;
        // syncs also run at 00:30 and 20:00, so no gap comes near a day. The first sync ran on
        // Sunday 1 June at 12:00, so 2 June was watched from its start. History at Monday 23 June
        // 10:00, over 4 weeks (W23 to W26), lists 2–22 June and the current day, open.
        XCTAssertEqual(harness.loginByPaste(as: FakeCloudKit.owner).exitCode, .success)
        XCTAssertEqual(harness.aemtli(["sync"] + flags(at: try millis("2025-06-01T12:00:00+02:00"))).exitCode, .success)
        var expected: [String] = []
        for day in 0..<21 {
            let date = CivilDate(year: 2025, month: 6, day: 2).adding(days: day)
            _ = harness.aemtli(["sync"] + flags(at: try millis("\(date)T00:30:00+02:00")))
            if day % 5 == 3 {
                expected.append("\(date)\tc00000\tanna\tmissed\t-")
            } else {
                let hour = day % 4 == 1 ? "15" : "09"
                set(true, at: try millis("\(date)T\(hour):00:00+02:00"))
                expected.append("\(date)\tc00000\tanna\t\(day % 4 == 1 ? "late" : "done")\t\(date)T\(hour):00")
            }
            _ = harness.aemtli(["sync"] + flags(at: try millis("\(date)T20:00:00+02:00")))
            if day % 5 != 3 { set(false, at: try millis("\(date.adding(days: 1))T06:00:00+02:00")) }
        }
        expected.append("2025-06-23\tc00000\tanna\topen\t-")

        let now = ISO8601DateFormatter().string(
            from: Date(timeIntervalSince1970: Double(try millis("2025-06-23T10:00:00+02:00")) / 1000))
        let run = harness.aemtli([
            "history", "--store", "store", "--format", "tsv", "--weeks", "4", "--member", "anna", "--now", now,
            "--time-zone", "Europe/Zurich",
        ])
        XCTAssertEqual(run.exitCode, .success, run.stderr)
        XCTAssertEqual(run.stdout, expected.joined(separator: "\n") + "\n")
    }

    /// The first `aemtli sync` ran on Thursday 5 June 2025 at 12:00 Zurich: the member page built
    /// that afternoon says history began then, and draws none of the seven weeks before it.
    func testAPageBuiltOnTheDayOfTheFirstSyncSaysSinceWhen() throws {
        XCTAssertEqual(harness.loginByPaste(as: FakeCloudKit.owner).exitCode, .success)
        XCTAssertEqual(harness.aemtli(["sync"] + flags(at: try millis("2025-06-05T12:00:00+02:00"))).exitCode, .success)
        let build = harness.aemtli(["build", "--now", "2025-06-05T15:00:00+02:00", "--time-zone", "Europe/Zurich"])
        XCTAssertEqual(build.exitCode, .success, build.stderr)
        let page = try String(contentsOfFile: harness.folder + "/_site/members/anna.html", encoding: .utf8)
        XCTAssertTrue(page.contains("History since the first sync on Thursday, 5 June."), page)
        XCTAssertTrue(page.contains(#"<abbr title="2025-W23">W23</abbr>"#), page)
        XCTAssertFalse(page.contains("W22"), "no week before the first sync")
    }
}
