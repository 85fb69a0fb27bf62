import CloudKitTestServer
import Foundation
import XCTest

@testable import AemtliSync

final class SyncCompactionTests: XCTestCase {
    private let harness = SyncHarness()

    override func setUpWithError() throws {
        try harness.start()
        harness.seedFamily(chores: 4)
        harness.server.pageSize = 2
        harness.compaction = Compactor.Policy(maximumPages: 500, factor: 2, slack: 0)
        try harness.signIn()
    }

    override func tearDown() {
        harness.tearDown()
    }

    func testPagesFarBeyondTheLiveRecordsAreCompactedIntoOneSnapshotThatReadsTheSame() throws {
        try harness.sync()
        var compacted = false
        for round in 0..<4 where !compacted {
            harness.server.save(
                (0..<4).map {
                    ServerRecords.chore(ServerRecords.choreID($0), title: "Round \(round)", assignedTo: "m2")
                })
            harness.server.delete(["m1"])
            compacted = try harness.sync().compacted
        }

        XCTAssertTrue(compacted)
        let state = try XCTUnwrap(SyncState.load(from: harness.layout.state))
        XCTAssertEqual(harness.server.liveRecords.count, 6)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: harness.layout.generation(state.generation)),
            ["p000001.json"])
        try harness.assertStoreMatchesServer()

        harness.server.save([ServerRecords.chore("c00009", title: "After", assignedTo: "m3")])
        try harness.sync()
        try harness.assertStoreMatchesServer()
    }

    func testThePolicyWaitsForManyPagesOrManyTimesTheLiveRecords() {
        let policy = Compactor.Policy()
        XCTAssertFalse(policy.isDue(pages: 1, entries: 10_000, live: 1))
        XCTAssertFalse(policy.isDue(pages: 30, entries: 5_000, live: 2_000))
        XCTAssertTrue(policy.isDue(pages: 30, entries: 9_000, live: 2_000))
        XCTAssertTrue(policy.isDue(pages: 501, entries: 501, live: 10_000))
    }
}
