import AemtliCore
import CloudKitTestServer
import CloudKitWeb
import XCTest

@testable import AemtliSync

final class SyncFetchTests: XCTestCase {
    private let harness = SyncHarness()

    override func setUpWithError() throws {
        try harness.start()
    }

    override func tearDown() {
        harness.tearDown()
    }

    func testFirstSyncFetchesEveryRecordPageByPageAndMatchesTheServer() throws {
        harness.seedFamily(chores: 11)
        harness.server.pageSize = 4
        try harness.signIn()

        let report = try harness.sync()

        XCTAssertEqual(report.pages, 4)
        XCTAssertEqual(report.records, 14)
        XCTAssertTrue(report.fullFetch)
        XCTAssertEqual(harness.operations(), ["changes/database"] + Array(repeating: "changes/zone", count: 4))
        XCTAssertEqual(harness.progress.last, SyncProgress(pages: 4, records: 14))
        XCTAssertEqual(try harness.storeFamily().family.chores.count, 11)
        try harness.assertStoreMatchesServer()
    }

    func testNothingChangedSinceTheLastSyncMakesExactlyOneRequest() throws {
        harness.seedFamily()
        try harness.signIn()
        try harness.sync()
        let before = harness.server.requests.count

        let report = try harness.sync()

        XCTAssertTrue(report.unchanged)
        XCTAssertEqual(harness.server.requests.count - before, 1)
        XCTAssertEqual(harness.server.requests.last?.operation, "changes/database")
        XCTAssertEqual(report.requests, 1)
    }

    func testIncrementalSyncAppliesChangesAndDeletionsFromTheStoredToken() throws {
        harness.seedFamily(chores: 6)
        try harness.signIn()
        try harness.sync()
        harness.server.save([ServerRecords.chore("c00001", title: "Renamed", assignedTo: "m3")])
        harness.server.delete(["c00002", "m1"])

        let report = try harness.sync()

        XCTAssertFalse(report.fullFetch)
        XCTAssertEqual(report.records, 3)
        let zoneRequest = try XCTUnwrap(harness.server.requests.last)
        XCTAssertNotNil(zoneRequest.zoneEntry?["syncToken"])
        try harness.assertStoreMatchesServer()
        XCTAssertEqual(try harness.storeFamily().family.members.map(\.id), ["m2", "m3"])
        XCTAssertEqual(try harness.storeFamily().family.chores.first { $0.id == "c00001" }?.title, "Renamed")
    }

    func testAMemberSyncsTheSharedDatabaseAndEchoesTheZoneIDExactly() throws {
        harness.seedFamily(chores: 3)
        try harness.signIn(FakeCloudKit.member)

        try harness.sync()
        harness.server.save([ServerRecords.chore("c00000", title: "Changed", assignedTo: "m2", isDone: true)])
        try harness.sync()

        let zoneRequests = harness.server.requests.filter { $0.operation == "changes/zone" }
        XCTAssertEqual(zoneRequests.count, 2)
        XCTAssertTrue(harness.server.requests.allSatisfy { $0.path.contains("/shared/") })
        for request in zoneRequests {
            XCTAssertEqual(request.zoneEntry?["zoneID"], harness.server.zone.zoneID)
        }
        try harness.assertStoreMatchesServer()
    }

    func testRequestsCarryTheTokenPercentEncodedAsPlainTextAndGetsHaveNoBody() throws {
        harness.seedFamily()
        try harness.signIn()
        try harness.sync()

        for request in harness.server.requests {
            XCTAssertEqual(request.contentType, "text/plain")
            XCTAssertTrue(harness.server.issuedTokens.contains(request.webAuthToken ?? "none"))
        }
        XCTAssertEqual(harness.server.requests.first?.body, .object([:]))
        XCTAssertEqual(harness.server.requests.first?.method, "POST")
    }
}
