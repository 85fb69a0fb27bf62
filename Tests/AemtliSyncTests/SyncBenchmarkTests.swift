import Foundation
import XCTest

@testable import AemtliSync

/// A benchmark, not a unit test: `.ci/benchmark` runs it (`AEMTLI_SYNC_BENCHMARK=1 swift test -c
/// release --filter SyncBenchmarkTests`) and it is skipped otherwise. It prints aemtli's own time
/// to sync 20 000 records from the test server: the run's wall time minus the time the server
/// spent answering.
final class SyncBenchmarkTests: XCTestCase {
    func testSyncOfManyRecordsInPagesOf200PrintsAemtlisOwnTime() throws {
        guard ProcessInfo.processInfo.environment["AEMTLI_SYNC_BENCHMARK"] == "1" else {
            throw XCTSkip("a benchmark: .ci/benchmark runs it with AEMTLI_SYNC_BENCHMARK=1")
        }
        let count = 20_000
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
        print(
            String(
                format:
                    "sync-benchmark: %d records in %d pages (%d requests): %.3f s total, %.3f s in the test server, %.3f s aemtli's own",
                report.records, report.pages, report.requests, wall, server, wall - server))
        XCTAssertEqual(report.records, count)
    }
}
