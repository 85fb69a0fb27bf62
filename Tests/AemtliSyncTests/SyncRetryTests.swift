import CloudKitTestServer
import CloudKitWeb
import XCTest

@testable import AemtliSync

final class SyncRetryTests: XCTestCase {
    private let harness = SyncHarness()

    override func setUpWithError() throws {
        try harness.start()
        harness.seedFamily(chores: 7)
        harness.server.pageSize = 3
        try harness.signIn()
    }

    override func tearDown() {
        harness.tearDown()
    }

    func testBusyAndThrottledAnswersAreRetriedAfterTheServersHint() throws {
        harness.server.inject(FakeFault(.status(503, code: "TRY_AGAIN_LATER", retryAfterBody: 7), on: "changes/zone"))
        harness.server.inject(FakeFault(.status(429, code: "THROTTLED", retryAfterHeader: "11"), on: "changes/zone"))
        harness.server.inject(
            FakeFault(.status(503, code: "ZONE_BUSY", retryAfterBody: 3, retryAfterHeader: "30"), on: "changes/zone"))

        try harness.sync()

        XCTAssertEqual(harness.clock.sleeps, [7, 11, 3])
        try harness.assertStoreMatchesServer()
    }

    func testARunAskedToStopWhileItWaitsToRetryEndsThereAndWritesNoStatus() throws {
        harness.clock.stopsWhileSleeping = true
        harness.server.inject(FakeFault(.status(503, code: "TRY_AGAIN_LATER", retryAfterBody: 7), on: "changes/zone"))

        let error = try XCTUnwrap(harness.syncFailure())

        XCTAssertEqual(error.reason, .stopped(what: #"HTTP 503 "TRY_AGAIN_LATER""#))
        XCTAssertEqual(error.exitCode, 75)
        XCTAssertEqual(harness.clock.sleeps, [7])
        XCTAssertEqual(harness.server.requests.last?.operation, "changes/zone", "no request after the stop")
        XCTAssertNil(SyncStatus.read(store: harness.store), "a stopped run says nothing of how syncs go")
        // Nothing half-done: the next run carries on from where this one stopped.
        harness.clock.stopsWhileSleeping = false
        harness.clock.stopped = false
        try harness.sync()
        try harness.assertStoreMatchesServer()
    }

    func testDroppedConnectionsServerErrorsAndNonJSONBodiesBackOffExponentially() throws {
        harness.server.inject(FakeFault(.drop, on: "changes/zone"))
        harness.server.inject(FakeFault(.status(500, code: "INTERNAL_ERROR"), on: "changes/zone"))
        harness.server.inject(FakeFault(.notJSON(status: 502), on: "changes/zone"))
        harness.server.inject(FakeFault(.notJSON(status: 200), on: "changes/zone"))
        harness.server.inject(FakeFault(.status(504, code: "GATEWAY_TIMEOUT"), on: "changes/zone"))

        try harness.sync()

        XCTAssertEqual(harness.clock.sleeps, [1, 2, 4, 8, 16])
        try harness.assertStoreMatchesServer()
    }

    func testBackoffWaitsCarryUpToTwentyPercentJitter() throws {
        harness.clock.randomValue = 0.999
        harness.server.inject(FakeFault(.drop, on: "changes/database"))
        harness.server.inject(FakeFault(.drop, on: "changes/database"))

        try harness.sync()

        XCTAssertEqual(harness.clock.sleeps.count, 2)
        XCTAssertEqual(harness.clock.sleeps[0], 1.2, accuracy: 0.001)
        XCTAssertEqual(harness.clock.sleeps[1], 2.4, accuracy: 0.001)
    }

    func testSixFailedAttemptsEndTheRunWithExit75AndKeepTheCommittedPages() throws {
        for _ in 0..<6 { harness.server.inject(FakeFault(.status(503, code: "TRY_AGAIN_LATER"), on: "changes/zone")) }
        harness.server.inject(FakeFault(.status(503, code: "TRY_AGAIN_LATER"), on: "never"))

        let error = try XCTUnwrap(harness.syncFailure())

        XCTAssertEqual(error.exitCode, 75)
        XCTAssertEqual(harness.clock.sleeps, [1, 2, 4, 8, 16])
        XCTAssertTrue(error.description.contains("TRY_AGAIN_LATER"), error.description)
        // 05:06:40Z, 31 seconds of waits, then at least a minute: 05:08:11Z, so 07:09 in summer in
        // Zurich, the next whole minute.
        XCTAssertTrue(
            error.description.hasSuffix("try again after 2025-06-05 07:09 (Europe/Zurich)."), error.description)
        XCTAssertEqual(SyncStatus.read(store: harness.store)?.result, .temporary)

        try harness.sync()
        try harness.assertStoreMatchesServer()
    }

    func testAHintBeyondTheFiveMinuteBudgetStopsAtOnceWithWhenToTryAgain() throws {
        harness.server.inject(FakeFault(.status(429, code: "THROTTLED", retryAfterBody: 900), on: "changes/database"))

        let error = try XCTUnwrap(harness.syncFailure())

        XCTAssertEqual(error.exitCode, 75)
        XCTAssertEqual(harness.clock.sleeps, [])
        // 05:06:40Z and 900 seconds: 05:21:40Z, so after 07:22 in Zurich's summer time.
        XCTAssertTrue(
            error.description.hasSuffix("try again after 2025-06-05 07:22 (Europe/Zurich)."), error.description)
        XCTAssertEqual(error.retryAfter, 900, "the server's own time, for serve's next sync")
    }

    func testAnExpiredSessionEndsWith77AndTheSignInCommand() throws {
        harness.server.inject(FakeFault(.expireSessions, on: "changes/database"))

        let error = try XCTUnwrap(harness.syncFailure())

        XCTAssertEqual(error.exitCode, 77)
        XCTAssertTrue(error.description.contains("aemtli sync login"))
        XCTAssertEqual(SyncStatus.read(store: harness.store)?.result, .signIn)
    }

    func testASessionRejectedAfterALostAnswerIsTriedOnceMore() throws {
        harness.server.inject(FakeFault(.drop, on: "changes/database"))
        harness.server.inject(FakeFault(.expireSessions, on: "changes/database"))

        let error = try XCTUnwrap(harness.syncFailure())

        XCTAssertEqual(error.exitCode, 77)
        XCTAssertEqual(harness.operations(), ["changes/database", "changes/database", "changes/database"])
    }

    func testForbiddenEndsWith77() throws {
        harness.server.inject(FakeFault(.status(403, code: "ACCESS_DENIED"), on: "changes/database"))

        let error = try XCTUnwrap(harness.syncFailure())

        XCTAssertEqual(error.exitCode, 77)
        XCTAssertEqual(SyncStatus.read(store: harness.store)?.result, .access)
    }

    func testAnUnknownErrorEndsWith76NamingCodeReasonAndUUIDWithControlCharactersVisible() throws {
        harness.server.inject(FakeFault(.status(409, code: "CONFLICT\u{1B}[31m"), on: "changes/zone"))

        let error = try XCTUnwrap(harness.syncFailure())

        XCTAssertEqual(error.exitCode, 76)
        XCTAssertTrue(error.description.contains("CONFLICT\\u{1B}[31m"), error.description)
        XCTAssertTrue(error.description.contains("u-409"), error.description)
        XCTAssertFalse(error.description.contains("\u{1B}"))
    }

    func testAWrongContainerOrEnvironmentIsAConfigurationError() throws {
        let wrongEnvironment = try SyncConfiguration(
            container: FakeCloudKit.container, environment: .production, apiToken: FakeCloudKit.apiToken,
            endpoint: harness.server.endpoint
        ).checked()
        let wrongContainer = try SyncConfiguration(
            container: "iCloud.com.example.Other", environment: .development, apiToken: FakeCloudKit.apiToken,
            endpoint: harness.server.endpoint
        ).checked()

        for configuration in [wrongEnvironment, wrongContainer] {
            let engine = SyncEngine(
                configuration: configuration, transport: harness.transport, sessionStore: harness.sessionStore,
                store: harness.store, time: try harness.engine().time, clock: harness.clock.syncClock)
            XCTAssertThrowsError(try engine.run()) { error in
                XCTAssertEqual((error as? SyncError)?.exitCode, 78, "\(error)")
            }
        }
    }

    func testAStuckFeedEndsWith76() throws {
        try harness.sync()
        harness.server.save([ServerRecords.chore("c00001", title: "Changed")])
        for _ in 0..<3 { harness.server.inject(FakeFault(.stuckPage, on: "changes/zone")) }

        let error = try XCTUnwrap(harness.syncFailure())

        XCTAssertEqual(error.exitCode, 76)
        XCTAssertEqual(error.reason, .stuckFeed(zone: "MainZone"))
    }

    func testMoreComingNullAsksOnceMoreUntilAnEmptyAnswer() throws {
        harness.server.moreComingNull = true

        try harness.sync()

        try harness.assertStoreMatchesServer()
        // 10 records in pages of 3, then one more question that brings nothing.
        XCTAssertEqual(harness.operations().filter { $0 == "changes/zone" }.count, 5)
    }
}
