import AemtliCore
import CloudKitTestServer
import Foundation
import JSON
import XCTest

@testable import AemtliSync

/// Every tick tells the truth (SPEC §4, §8.5, §10): CloudKit's answer, never the sync after it,
/// says whether a write was made; a stale done flag is open and its Done saves 1 again; an undo
/// undoes aemtli's own write and nothing since.
///
/// The test server's chores are saved on 4 June 2025 (its clock, 01:20 UTC on); the engine's clock
/// is 5 June 2025, 05:06:40 UTC, 07:06:40 in Zurich. So a daily chore done on the 4th is stale now.
final class SyncWriteTruthTests: XCTestCase {
    private let harness = SyncHarness()

    override func setUpWithError() throws {
        try harness.start()
        harness.seedFamily(chores: 3)
    }

    override func tearDown() {
        harness.tearDown()
    }

    private func serverRecord(_ name: String) -> JSONValue? {
        harness.server.withLock { harness.server.zone.live[name] }
    }

    private func writes() -> [String] {
        harness.server.withLock { harness.server.writes }
    }

    private func events() throws -> [JSONValue] {
        try harness.journalLines().map { try JSONParser.parse($0) }.filter { $0["event"] != nil }
    }

    /// The server's clock set to the engine's, so that a save is of today.
    private func serverClockToNow() {
        harness.server.withLock { harness.server.clockMillis = harness.clock.now.millis }
    }

    func testAPhoneTickBeforeTheWallsIsAConflictAndNeverAWrite() throws {
        serverClockToNow()
        try harness.signIn()
        try harness.sync()
        // A phone ticks Max's chore; the store still has the open version and its tag.
        harness.server.save([ServerRecords.chore("c00001", title: "Chore 1", assignedTo: "m3", isDone: true)])
        let phoneTag = serverRecord("c00001")?["recordChangeTag"]

        XCTAssertEqual(try harness.engine().setDone(recordName: "c00001", done: true), .conflict)

        XCTAssertEqual(writes(), [])
        XCTAssertEqual(serverRecord("c00001")?["recordChangeTag"], phoneTag, "the phone's version stands")
        // The sync after the conflict brought the phone's tick, so the device can look again.
        XCTAssertEqual(try harness.engine().setDone(recordName: "c00001", done: true), .alreadyInState)
    }

    /// Before the change, a refusal was followed by a sync, and a store that then said "done"
    /// (the phone's tick) made the refused write count as made.
    func testABusyZoneThatRefusedTheWriteIsNotAWriteEvenWhenAPhoneTicked() throws {
        try harness.signIn()
        try harness.sync()
        harness.server.save([ServerRecords.chore("c00001", title: "Chore 1", assignedTo: "m3", isDone: true)])
        harness.server.withLock { harness.server.busyWrites = 1 }

        XCTAssertThrowsError(try harness.engine().setDone(recordName: "c00001", done: true)) { error in
            XCTAssertEqual((error as? SyncError)?.result, .temporary)
        }
        XCTAssertEqual(writes(), [])
    }

    func testAnUndoAfterAnotherDevicesEditIsAConflictNotAnOverwrite() throws {
        serverClockToNow()
        try harness.signIn()
        try harness.sync()
        guard case .written(let tag) = try harness.engine().setDone(recordName: "c00001", done: true) else {
            return XCTFail("the tick was not written")
        }
        // A phone renames the ticked chore in the ten seconds.
        harness.server.save([ServerRecords.chore("c00001", title: "Renamed", assignedTo: "m3", isDone: true)])
        try harness.sync()

        XCTAssertEqual(try harness.engine().setDone(recordName: "c00001", done: false, changeTag: tag), .conflict)

        XCTAssertEqual(writes(), ["c00001"], "only the tick")
        XCTAssertEqual(serverRecord("c00001")?["fields"]?["isDone"]?["value"], .integer(1))
        XCTAssertEqual(serverRecord("c00001")?["fields"]?["title"]?["value"], .string("Renamed"))
    }

    /// Done on 4 June, not reset by the app yet: open on the 5th. Done saves 1 again; CloudKit moves
    /// `modified` to the 5th, and the journal counts it as done in the 5th's period.
    func testAStaleDoneFlagTickedIsSavedAgainAndCountsAsDoneToday() throws {
        harness.server.save([ServerRecords.chore("c00001", title: "Chore 1", assignedTo: "m3", isDone: true)])
        try harness.signIn()
        try harness.sync()
        XCTAssertEqual(try events().count, 0, "the first sync only sets the baseline")
        serverClockToNow()

        let outcome = try harness.engine().setDone(recordName: "c00001", done: true)

        XCTAssertEqual(outcome, .written(changeTag: serverRecord("c00001")?["recordChangeTag"]?.stringValue ?? ""))
        XCTAssertEqual(writes(), ["c00001"])
        // 5 June 2025 05:06:40 UTC is 1 749 100 000 s; the server's save is a second later.
        XCTAssertEqual(serverRecord("c00001")?["modified"]?["timestamp"], .integer(1_749_100_001_000))
        let ticks = try events()
        XCTAssertEqual(ticks.map { $0["chore"] }, [.string("c00001")])
        XCTAssertEqual(ticks.first?["event"], .string("done"))
        XCTAssertEqual(ticks.first?["period"], .string("2025-06-05"))
        XCTAssertEqual(try harness.engine().setDone(recordName: "c00001", done: true), .alreadyInState)
    }

    func testARenamedStaleChoreIsNoTick() throws {
        harness.server.save([ServerRecords.chore("c00002", title: "Chore 2", assignedTo: "m2", isDone: true)])
        try harness.signIn()
        try harness.sync()
        serverClockToNow()

        harness.server.save([ServerRecords.chore("c00002", title: "Renamed", assignedTo: "m2", isDone: true)])
        try harness.sync()

        XCTAssertEqual(try events().count, 0)
    }

    /// A stale flag saved again twice in one period is one tick, not two.
    func testAStaleFlagSavedAgainWithinThePeriodIsOneTick() throws {
        harness.server.save([ServerRecords.chore("c00001", title: "Chore 1", assignedTo: "m3", isDone: true)])
        try harness.signIn()
        try harness.sync()
        serverClockToNow()
        harness.server.save([ServerRecords.chore("c00001", title: "Chore 1", assignedTo: "m3", isDone: true)])
        try harness.sync()
        harness.server.save([ServerRecords.chore("c00001", title: "Chore 1", assignedTo: "m3", isDone: true)])
        try harness.sync()

        XCTAssertEqual(try events().map { $0["period"] }, [.string("2025-06-05")])
    }

    /// Should CloudKit keep `modified` where it was, a stale flag saved again stays stale: aemtli
    /// says the tick was written but did not count, rather than "done".
    func testAStaleFlagSavedAgainIntoAnEarlierPeriodIsWrittenButDoesNotCount() throws {
        harness.server.save([ServerRecords.chore("c00001", title: "Chore 1", assignedTo: "m3", isDone: true)])
        try harness.signIn()
        try harness.sync()

        XCTAssertEqual(try harness.engine().setDone(recordName: "c00001", done: true), .writtenStillStale)
        XCTAssertEqual(writes(), ["c00001"])
    }

    /// An open chore's tick is a tick whatever time CloudKit gives the save (here the server's
    /// clock is a day behind): only a stale flag set again depends on it.
    func testAnOpenChoresTickIsWrittenWhateverDateTheSaveGets() throws {
        try harness.signIn()
        try harness.sync()

        guard case .written = try harness.engine().setDone(recordName: "c00001", done: true) else {
            return XCTFail("not written")
        }
    }

    /// A gateway's error page after CloudKit applied the write (CLOUDKIT.md §12): not CloudKit's
    /// refusal, so the write is not sent again; the sync shows it made, with no tag to undo by.
    func testAGatewayErrorAfterTheWriteIsALostAnswerNotAConflict() throws {
        serverClockToNow()
        try harness.signIn()
        try harness.sync()
        harness.server.inject(FakeFault(.gatewayErrorAfterApplying(status: 502), on: "records/modify"))

        XCTAssertEqual(try harness.engine().setDone(recordName: "c00001", done: true), .writtenAnswerLost)
        XCTAssertEqual(harness.server.requests.filter { $0.operation == "records/modify" }.count, 1)
        XCTAssertEqual(writes(), ["c00001"])
    }

    /// CloudKit's own 503 is a refusal: thrown at once with its time to try again, never waited
    /// out while a child stands at the tablet, and not followed by a sync that would wait again.
    func testCloudKitsOwnBusyAnswerToAWriteIsThrownAtOnceWithItsHint() throws {
        serverClockToNow()
        try harness.signIn()
        try harness.sync()
        let asked = harness.server.requests.count
        harness.server.inject(
            FakeFault(.status(503, code: "TRY_AGAIN_LATER", retryAfterBody: 120), on: "records/modify"))

        XCTAssertThrowsError(try harness.engine().setDone(recordName: "c00001", done: true)) { error in
            XCTAssertEqual((error as? SyncError)?.result, .temporary)
            XCTAssertEqual((error as? SyncError)?.retryAfter, 120)
        }
        XCTAssertEqual(harness.clock.sleeps, [])
        XCTAssertEqual(harness.server.requests.dropFirst(asked).map(\.operation), ["records/modify"])
        XCTAssertEqual(writes(), [])
    }
}
