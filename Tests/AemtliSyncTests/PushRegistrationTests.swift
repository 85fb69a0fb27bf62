import CloudKitTestServer
import CloudKitWeb
import Foundation
import JSON
import XCTest

@testable import AemtliSync

/// Push's registration against our CloudKit test server (SPEC §9 "Push", CLOUDKIT.md §13.1–13.2):
/// list before create, so a second registration makes no second subscription; the owner's zone
/// subscription in private, a participant's database subscription in shared; the long-poll address
/// kept 0600 beside the session, asked for again only when told to or for a new session; and every
/// call with the session's rotating token.
final class PushRegistrationTests: XCTestCase {
    private let harness = SyncHarness()

    override func setUpWithError() throws {
        try harness.start()
        harness.seedFamily(chores: 3)
        harness.server.withLock { harness.server.pushEnabled = true }
    }

    override func tearDown() {
        harness.tearDown()
    }

    private var operations: [String] { harness.server.requests.map(\.operation) }

    func testTheOwnerSubscribesToTheZoneOnceAndKeepsTheAddressPrivate() throws {
        try harness.signIn()
        try harness.sync()
        let synced = operations.count
        let first = try harness.engine().registerForPush()

        XCTAssertEqual(
            Array(operations.dropFirst(synced)), ["subscriptions/list", "subscriptions/modify", "tokens/create"])
        let requests = harness.server.requests.dropFirst(synced)
        XCTAssertEqual(
            requests.map(\.path).last?.hasPrefix("device/1/\(FakeCloudKit.container)/development/tokens"), true)
        XCTAssertEqual(requests.first?.path.contains("/private/subscriptions/list"), true)
        let created = try XCTUnwrap(harness.server.courier.subscriptionCreates.first)
        XCTAssertEqual(created.id, "aemtli-MainZone")
        XCTAssertEqual(created.database, "private")
        XCTAssertEqual(created.user, FakeCloudKit.owner)
        // The zone id as the sync got it from CloudKit, and no notificationInfo at all.
        XCTAssertEqual(created.body["zoneID"], harness.server.zone.zoneID)
        XCTAssertNil(created.body["notificationInfo"])
        XCTAssertTrue(first.createdSubscription)
        XCTAssertTrue(first.newAddress)
        XCTAssertTrue(first.address.secretURL.hasPrefix(harness.server.courier.baseURL + "/aps?tok="))
        XCTAssertEqual(first.renewAt, harness.clock.now.addingTimeInterval(43_200 - 4_320))

        // The address is kept beside the session, 0600, and nowhere else.
        let path = harness.stateFolder + "/push-\(FakeCloudKit.container)-development"
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber
        XCTAssertEqual(mode?.intValue, 0o600)
        XCTAssertEqual(harness.files(holding: "tok="), [])
        XCTAssertFalse("\(first)".contains("tok="), "\(first)")

        // Again (a restart): the list finds the subscription, and the kept address is still good.
        let again = try harness.engine().registerForPush()
        XCTAssertEqual(operations.suffix(1), ["subscriptions/list"])
        XCTAssertFalse(again.createdSubscription)
        XCTAssertFalse(again.newAddress)
        XCTAssertEqual(again.address, first.address)
        XCTAssertEqual(harness.server.courier.subscriptionCreates.count, 1)

        // Renewed (after a 404): a new address for the same client.
        let renewed = try harness.engine().registerForPush(renew: true)
        XCTAssertEqual(operations.suffix(2), ["subscriptions/list", "tokens/create"])
        XCTAssertNotEqual(renewed.address, first.address)
        let clientIDs = harness.server.requests.filter { $0.operation == "tokens/create" }.map { $0.body?["clientId"] }
        XCTAssertEqual(clientIDs.count, 2)
        XCTAssertEqual(clientIDs.first, clientIDs.last)
        XCTAssertEqual(harness.server.courier.tokenCount, 2)
    }

    func testAParticipantSubscribesToTheSharedDatabase() throws {
        try harness.signIn(FakeCloudKit.member)
        try harness.sync()
        let registration = try harness.engine().registerForPush()

        let created = try XCTUnwrap(harness.server.courier.subscriptionCreates.first)
        XCTAssertEqual(registration.subscriptionID, "aemtli-shared")
        XCTAssertEqual(created.database, "shared")
        XCTAssertEqual(
            created.body,
            .object(["subscriptionID": .string("aemtli-shared"), "subscriptionType": .string("database")]))
        XCTAssertTrue(harness.server.requests.contains { $0.path.hasSuffix("/shared/subscriptions/modify") })
    }

    func testANewSignInGetsANewAddressAndAnEndedSessionIsSaidAsSuch() throws {
        try harness.signIn()
        let first = try harness.engine().registerForPush()
        harness.clock.now = harness.clock.now.addingTimeInterval(60)
        try harness.signIn()
        let second = try harness.engine().registerForPush()
        XCTAssertNotEqual(second.address, first.address)
        XCTAssertEqual(harness.server.courier.subscriptionCreates.count, 1)

        harness.server.inject(FakeFault(.expireSessions))
        XCTAssertThrowsError(try harness.engine().registerForPush()) { error in
            XCTAssertEqual((error as? SyncError)?.result, .signIn)
        }
    }

    func testAnAddressPastItsTimeOrReadableByOthersIsReplaced() throws {
        try harness.signIn()
        let first = try harness.engine().registerForPush()
        harness.clock.now = first.renewAt
        let late = try harness.engine().registerForPush()
        XCTAssertTrue(late.newAddress)

        let path = harness.stateFolder + "/push-\(FakeCloudKit.container)-development"
        chmod(path, 0o644)
        let exposed = try harness.engine().registerForPush()
        XCTAssertTrue(exposed.newAddress)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber
        XCTAssertEqual(mode?.intValue, 0o600)
    }

    func testARefusedSubscriptionAndAServerWithoutPushAreNoSignInProblem() throws {
        try harness.signIn()
        harness.server.withLock { harness.server.pushEnabled = false }
        XCTAssertThrowsError(try harness.engine().registerForPush()) { error in
            XCTAssertNotEqual((error as? SyncError)?.result, .signIn, "\(error)")
        }
        // One attempt each: a busy CloudKit is not waited out.
        harness.server.withLock { harness.server.pushEnabled = true }
        harness.server.inject(FakeFault(.status(503, code: "TRY_AGAIN_LATER", retryAfterBody: 30)))
        let asked = operations.count
        XCTAssertThrowsError(try harness.engine().registerForPush()) { error in
            XCTAssertEqual((error as? SyncError)?.result, .temporary, "\(error)")
        }
        XCTAssertEqual(operations.count, asked + 1)
        XCTAssertEqual(harness.clock.sleeps, [])
    }
}
