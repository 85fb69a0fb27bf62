import CloudKitTestServer
import Foundation
import JSON
import XCTest

@testable import AemtliSync

final class SyncJournalTests: XCTestCase {
    private let harness = SyncHarness()

    override func setUpWithError() throws {
        try harness.start()
        harness.seedFamily(chores: 4)
        try harness.signIn()
    }

    override func tearDown() {
        harness.tearDown()
    }

    private func events() throws -> [JSONValue] {
        try harness.journalLines().map { try JSONParser.parse($0) }.filter { $0["event"] != nil }
    }

    func testTheFirstSyncSetsOnlyTheBaselineAndRecordsWhenItRan() throws {
        harness.server.save([ServerRecords.chore("c00001", title: "Chore 1", assignedTo: "m3", isDone: true)])

        try harness.sync()

        let millis = Int64(harness.clock.now.timeIntervalSince1970 * 1000)
        XCTAssertEqual(harness.journalLines(), ["{\"sync\":\(millis)}"])
    }

    func testTicksBetweenSyncsBecomeDoneAndUndoneLinesWithThePeriodOfTheirTime() throws {
        try harness.sync()
        harness.server.save([ServerRecords.chore("c00001", title: "Chore 1", assignedTo: "m3", isDone: true)])
        let tickedAt = harness.server.withLock { harness.server.clockMillis }
        try harness.sync()
        harness.server.save([
            ServerRecords.chore("c00001", title: "Chore 1", assignedTo: "m3", isDone: false),
            ServerRecords.chore("c00002", title: "Weekly", assignedTo: "m2", isDone: false, recurrence: "weekly"),
        ])
        try harness.sync()

        let lines = try events()
        XCTAssertEqual(lines.count, 2)
        XCTAssertEqual(lines[0]["chore"], .string("c00001"))
        XCTAssertEqual(lines[0]["event"], .string("done"))
        XCTAssertEqual(lines[0]["at"], .integer(tickedAt))
        XCTAssertEqual(lines[0]["title"], .string("Chore 1"))
        XCTAssertEqual(lines[0]["assignedTo"], .string("m3"))
        XCTAssertNotNil(lines[0]["changeTag"]?.stringValue)
        // 1 749 001 000 000 ms is 2025-06-04 in Zurich; the daily period starts that day.
        XCTAssertEqual(lines[0]["period"], .string("2025-06-04"))
        XCTAssertEqual(lines[1]["event"], .string("undone"))
        XCTAssertEqual(harness.journalLines().filter { $0.hasPrefix("{\"sync\"") }.count, 3)
    }

    func testPagesAppliedAgainAndFullFetchesOfKnownStateAddNoLines() throws {
        try harness.sync()
        harness.server.save([ServerRecords.chore("c00000", title: "Chore 0", assignedTo: "m2", isDone: true)])
        let states = Counter()
        harness.hooks.beforeWriting = { kind in
            if kind == .state, states.next() == 1 {
                throw SyncError(.cannotWrite(path: "sync.state", detail: "killed"))
            }
        }
        XCTAssertNotNil(harness.syncFailure())
        harness.hooks = SyncHooks()
        try harness.sync()
        try harness.sync(full: true)
        try harness.sync(full: true)

        let lines = try events()
        XCTAssertEqual(lines.count, 1)
        XCTAssertEqual(lines.first?["event"], .string("done"))
    }

    /// The journal reads a version as the build does (SPEC §2, one model): a chore saved without
    /// its required title is skipped by the pages, so its done flag is no tick either.
    func testAVersionThePagesSkipIsNoTick() throws {
        try harness.sync()
        var broken = ServerRecords.chore("c00001", title: "Chore 1", assignedTo: "m3", isDone: true)
        var fields = broken["fields"]?.objectValue ?? [:]
        fields["title"] = nil
        broken["fields"] = .object(fields)
        harness.server.save([broken])

        try harness.sync()

        XCTAssertEqual(try events(), [])
    }

    /// SPEC §8.5, worked out by hand: syncs every 15 minutes from 18:50 in Zurich (summer time)
    /// until 06:50 write a line at 18:50 (the first), each hour after the last line, at 21:20 (a
    /// tick was fetched), at 00:05 (a midnight lies between), and at 04:50 (the run before failed).
    func testFifteenMinuteSyncsWriteALineAnHourAtMidnightAfterTicksAndAfterAFailure() throws {
        let start = Date(timeIntervalSince1970: 1_749_055_800)  // 2025-06-04T16:50:00Z
        for run in 0...48 {
            harness.clock.now = start.addingTimeInterval(Double(run) * 900)
            if run == 10 {
                harness.server.save([ServerRecords.chore("c00001", title: "Chore 1", assignedTo: "m3", isDone: true)])
            }
            if run == 39 {
                harness.server.inject(FakeFault(.status(403, code: "ACCESS_DENIED"), on: "changes/database"))
                XCTAssertNotNil(harness.syncFailure())
                continue
            }
            try harness.sync()
        }
        let zurich = TimeZone(identifier: "Europe/Zurich")!
        let syncTimes = try harness.journalLines().compactMap { try JSONParser.parse($0)["sync"]?.integerValue }.map {
            millis in
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zurich
            let parts = calendar.dateComponents(
                [.hour, .minute], from: Date(timeIntervalSince1970: Double(millis) / 1000))
            return String(format: "%02d:%02d", parts.hour ?? -1, parts.minute ?? -1)
        }
        XCTAssertEqual(
            syncTimes,
            [
                "18:50", "19:50", "20:50", "21:20", "22:20", "23:20", "00:05", "01:05", "02:05", "03:05", "04:05",
                "04:50",
                "05:50", "06:50",
            ])
        XCTAssertEqual(try events().count, 1)
    }

    /// A build of an older version cached the journal in `history/done.checkpoint`; nothing reads
    /// it now, and the next good sync deletes it.
    func testAGoodSyncDeletesTheCheckpointAnOlderVersionLeft() throws {
        try FileManager.default.createDirectory(atPath: harness.layout.history, withIntermediateDirectories: true)
        let checkpoint = harness.layout.history + "/done.checkpoint"
        try Data("AEMTLI-JOURNAL-CHECKPOINT old".utf8).write(to: URL(fileURLWithPath: checkpoint))
        try harness.sync()
        XCTAssertFalse(FileManager.default.fileExists(atPath: checkpoint))
    }
}
