import AemtliCore
import CloudKitTestServer
import CloudKitWeb
import Files
import Foundation
import JSON
import XCTest

@testable import AemtliSync

/// The one write aemtli makes (SPEC §10, CLOUDKIT.md §12), against our CloudKit test server: a
/// chore's done flag alone, with the store's change tag, then a sync.
final class SyncWriteTests: XCTestCase {
    private let harness = SyncHarness()

    override func setUpWithError() throws {
        try harness.start()
        // The server's clock an hour before the engine's, on the same day in Zurich: a save is of
        // today, as CloudKit's would be (a done flag saved on an earlier day would be stale).
        harness.server.withLock { harness.server.clockMillis = harness.clock.now.millis - 3_600_000 }
        harness.seedFamily(chores: 3)
    }

    override func tearDown() {
        harness.tearDown()
    }

    private func serverRecord(_ name: String) -> JSONValue? {
        harness.server.withLock { harness.server.zone.live[name] }
    }

    private func written(_ outcome: TickOutcome) -> Bool {
        if case .written = outcome { return true }
        return false
    }

    func testATickWritesIsDoneAloneAndTheSyncBringsItIntoTheStoreAndTheJournal() throws {
        try harness.signIn()
        try harness.sync()
        let before = try XCTUnwrap(serverRecord("c00001"))

        let outcome = try harness.engine().setDone(recordName: "c00001", done: true)

        // The request, as CLOUDKIT.md §12 gives it: one update of isDone with the store's tag, in
        // the zone as CloudKit gave it, and nothing else.
        let request = try XCTUnwrap(harness.server.requests.last { $0.operation == "records/modify" })
        XCTAssertEqual(request.path, "database/1/\(FakeCloudKit.container)/development/private/records/modify")
        XCTAssertEqual(
            request.body,
            .object([
                "operations": .array([
                    .object([
                        "operationType": .string("update"),
                        "record": .object([
                            "recordName": .string("c00001"), "recordChangeTag": before["recordChangeTag"] ?? .null,
                            "fields": .object(["isDone": .object(["value": .integer(1)])]),
                        ]),
                    ])
                ]),
                "zoneID": harness.server.withLock { harness.server.zone.zoneID },
            ]))
        // On the server: isDone is 1, every other field as it was, a new tag and time.
        let after = try XCTUnwrap(serverRecord("c00001"))
        XCTAssertEqual(after["fields"]?["isDone"]?["value"], .integer(1))
        for field in ["title", "assignedTo", "recurrence", "createdAt", "dueDate"] {
            XCTAssertEqual(after["fields"]?[field], before["fields"]?[field], field)
        }
        XCTAssertEqual(after["recordType"], before["recordType"])
        XCTAssertEqual(after["created"], before["created"])
        XCTAssertNotEqual(after["recordChangeTag"], before["recordChangeTag"])
        XCTAssertEqual(outcome, .written(changeTag: after["recordChangeTag"]?.stringValue ?? ""), "the new tag")
        // The sync after it brought the tick into the journal.
        let events = try harness.journalLines().map { try JSONParser.parse($0) }.filter { $0["event"] != nil }
        XCTAssertEqual(events.map { $0["chore"] }, [.string("c00001")])
        XCTAssertEqual(events.first?["event"], .string("done"))

        // Undo, by the tag of that write: the same way back.
        let tag = after["recordChangeTag"]?.stringValue
        let undone = try harness.engine().setDone(recordName: "c00001", done: false, changeTag: tag)
        XCTAssertEqual(undone, .written(changeTag: serverRecord("c00001")?["recordChangeTag"]?.stringValue ?? ""))
        XCTAssertEqual(serverRecord("c00001")?["fields"]?["isDone"]?["value"], .integer(0))
        XCTAssertEqual(harness.server.withLock { harness.server.writes }, ["c00001", "c00001"])
    }

    func testAChoreChangedMeanwhileIsAConflictAndNothingIsWritten() throws {
        try harness.signIn()
        try harness.sync()
        harness.server.save([ServerRecords.chore("c00001", title: "Renamed on a phone", assignedTo: "m3")])

        XCTAssertEqual(try harness.engine().setDone(recordName: "c00001", done: true), .conflict)

        XCTAssertEqual(harness.server.withLock { harness.server.writes }, [])
        XCTAssertEqual(serverRecord("c00001")?["fields"]?["isDone"]?["value"], .integer(0))
        // The sync after the conflict brought the new version, so the device can look again.
        XCTAssertTrue(written(try harness.engine().setDone(recordName: "c00001", done: true)))
    }

    /// The time to try again is a minute on, to the whole minute, in the family's zone: the test
    /// clock's 05:06:40 UTC on 5 June 2025 is 07:06:40 in Zurich (summer time).
    func testABusyZoneIsAPassingFailureWithATimeToTryAgain() throws {
        try harness.signIn()
        try harness.sync()
        harness.server.withLock { harness.server.busyWrites = 1 }

        XCTAssertThrowsError(try harness.engine().setDone(recordName: "c00001", done: true)) { error in
            XCTAssertEqual(
                (error as? SyncError)?.description,
                "CloudKit could not be used for now (iCloud is busy); nothing was lost, try again after "
                    + "2025-06-05 07:08 (Europe/Zurich).")
        }
        XCTAssertEqual(harness.server.withLock { harness.server.writes }, [])
        XCTAssertTrue(written(try harness.engine().setDone(recordName: "c00001", done: true)))
    }

    func testAReadOnlyParticipantIsRefusedAndNothingIsWritten() throws {
        try harness.signIn(FakeCloudKit.member)
        try harness.sync()
        harness.server.withLock { harness.server.memberMayWrite = false }

        XCTAssertEqual(try harness.engine().setDone(recordName: "c00001", done: true), .accessDenied)
        XCTAssertEqual(harness.server.withLock { harness.server.writes }, [])

        harness.server.withLock { harness.server.memberMayWrite = true }
        XCTAssertTrue(written(try harness.engine().setDone(recordName: "c00001", done: true)))
        let request = try XCTUnwrap(harness.server.requests.last { $0.operation == "records/modify" })
        XCTAssertTrue(request.path.hasSuffix("/shared/records/modify"), request.path)
        XCTAssertNotNil(request.body?["zoneID"]?["ownerRecordName"], "the shared zone names its owner")
    }

    func testAChoreAlreadyInThatStateOrUnknownSendsNothing() throws {
        try harness.signIn()
        try harness.sync()
        let before = harness.server.requests.count
        XCTAssertEqual(try harness.engine().setDone(recordName: "c00001", done: false), .alreadyInState)
        XCTAssertEqual(try harness.engine().setDone(recordName: "no-such-chore", done: true), .notFound)
        XCTAssertFalse(harness.server.requests.dropFirst(before).contains { $0.operation == "records/modify" })
    }

    /// A cut answer after the write was applied: the write is not sent again (a second try would
    /// meet its own new tag), and the sync after it shows the version the write would have made,
    /// so it counts as written, once, with no tag to undo by.
    func testAnAnswerLostAfterTheWriteIsResolvedByTheSyncWithoutASecondTry() throws {
        try harness.signIn()
        try harness.sync()
        harness.server.inject(FakeFault(.dropAfterApplying, on: "records/modify"))

        XCTAssertEqual(try harness.engine().setDone(recordName: "c00001", done: true), .writtenAnswerLost)

        XCTAssertEqual(harness.server.withLock { harness.server.writes }, ["c00001"])
        XCTAssertEqual(harness.server.requests.filter { $0.operation == "records/modify" }.count, 1)
        XCTAssertEqual(serverRecord("c00001")?["fields"]?["isDone"]?["value"], .integer(1))
    }

    /// A lost answer whose write never landed (the connection dropped before the server saw it):
    /// the sync shows the chore as it was, so nothing was written, and the device is told to try again.
    func testAnAnswerLostBeforeTheWriteIsNotAWrite() throws {
        try harness.signIn()
        try harness.sync()
        harness.server.inject(FakeFault(.drop, on: "records/modify"))

        XCTAssertEqual(try harness.engine().setDone(recordName: "c00001", done: true), .answerLostNotWritten)
        XCTAssertEqual(harness.server.withLock { harness.server.writes }, [])
    }

    /// A tick reads the store's pages once, for the write; the sync after it goes on from the same
    /// records, also after a lost answer (it used to read them two and three times).
    func testATickReadsEachPageOfTheStoreOnce() throws {
        try harness.signIn()
        try harness.sync()
        harness.server.save([ServerRecords.chore("c00002", title: "Renamed", assignedTo: "m2")])
        try harness.sync()
        let reads = PageReads()
        var files = FileIO.local
        let read = files.readBytes
        files.readBytes = { path in
            reads.note(path)
            return try read(path)
        }
        harness.files = files

        XCTAssertTrue(written(try harness.engine().setDone(recordName: "c00001", done: true)))
        XCTAssertEqual(reads.take(), ["g000001/p000001.json": 1, "g000001/p000002.json": 1])

        harness.server.inject(FakeFault(.dropAfterApplying, on: "records/modify"))
        XCTAssertEqual(try harness.engine().setDone(recordName: "c00000", done: true), .writtenAnswerLost)
        XCTAssertEqual(
            reads.take(), ["g000001/p000001.json": 1, "g000001/p000002.json": 1, "g000001/p000003.json": 1])
    }

    /// NSPersistentCloudKitContainer's layout: a `CD_Chore` whose model id (`CD_id`) is not its
    /// record name. The site names the chore by its model id; the write names the record and
    /// changes `CD_isDone`.
    func testACoreDataChoreIsWrittenByItsRecordNameAndPrefixedField() throws {
        let fields: JSONObject = [
            "CD_id": .object(["value": .string("model-7")]), "CD_title": .object(["value": .string("Velo putzen")]),
            "CD_isDone": .object(["value": .integer(0)]), "CD_recurrence": .object(["value": .string("daily")]),
            "CD_createdAt": .object(["value": .integer(1_746_000_000_000)]),
        ]
        harness.server.save([
            ["recordName": .string("CD-record-7"), "recordType": .string("CD_Chore"), "fields": .object(fields)]
        ])
        try harness.signIn()
        try harness.sync()

        XCTAssertTrue(written(try harness.engine().setDone(recordName: "model-7", done: true)))

        let request = try XCTUnwrap(harness.server.requests.last { $0.operation == "records/modify" })
        XCTAssertEqual(request.body?["operations"]?.arrayValue?.first?["record"]?["recordName"], .string("CD-record-7"))
        XCTAssertEqual(
            request.body?["operations"]?.arrayValue?.first?["record"]?["fields"],
            .object(["CD_isDone": .object(["value": .integer(1)])]))
        XCTAssertEqual(serverRecord("CD-record-7")?["fields"]?["CD_isDone"]?["value"], .integer(1))
    }
}

/// How often each page file was read, by its path below `cloudkit/`.
private final class PageReads: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [String: Int] = [:]

    func note(_ path: String) {
        guard let range = path.range(of: "/cloudkit/"), path.hasSuffix(".json") else { return }
        lock.lock()
        defer { lock.unlock() }
        counts[String(path[range.upperBound...]), default: 0] += 1
    }

    /// The counts so far, and a fresh start.
    func take() -> [String: Int] {
        lock.lock()
        defer { lock.unlock() }
        defer { counts = [:] }
        return counts
    }
}
