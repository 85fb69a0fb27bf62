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
            if kind == .state, states.next() == 1 { throw SyncError(.cannotWrite(path: "sync.state", detail: "killed")) }
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
}
