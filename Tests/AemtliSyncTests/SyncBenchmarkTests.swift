import Foundation
import XCTest
@testable import AemtliSync

/// Prints (never asserts) aemtli's own time to sync a large zone from the test server: the run's
/// wall time minus the time the server spent answering. 20 000 records with
/// `AEMTLI_SYNC_BENCHMARK=1` (run it in release: `swift test -c release --filter SyncBenchmarkTests`),
/// 2 000 otherwise so the suite stays quick.
final class SyncBenchmarkTests: XCTestCase {
    func testSyncOfManyRecordsInPagesOf200PrintsAemtlisOwnTime() throws {
        let full = ProcessInfo.processInfo.environment["AEMTLI_SYNC_BENCHMARK"] == "1"
        let count = full ? 20_000 : 2_000
        let harness = SyncHarness()
        try harness.start()
        defer { harness.tearDown() }
        harness.seedFamily(chores: count - 3)
        try harness.signIn()
        let serverBefore = harness.server.withLock { harness.server.handlerSeconds }

        let started = Date()
        let report = try harness.sync()
        let wall = Date().timeIntervalSince(started)

        let server = harness.server.withLock { harness.server.handlerSeconds } - serverBefore
        print(String(format: "sync-benchmark: %d records in %d pages (%d requests): %.3f s total, %.3f s in the test server, %.3f s aemtli's own",
                     report.records, report.pages, report.requests, wall, server, wall - server))
        XCTAssertEqual(report.records, count)
    }
}
