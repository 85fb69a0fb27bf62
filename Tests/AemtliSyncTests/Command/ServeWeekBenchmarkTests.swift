import AemtliApp
import AemtliCLI
import CloudKitTestServer
import Foundation
import XCTest

/// A simulated week of `aemtli serve` with push on (issue 42): the heap in use each day, so that
/// a leak per request shows as a slope. Long (a simulated day takes at least
/// `AEMTLI_SERVE_WEEK_DAY_SECONDS`, default 90, of real time; about 2 minutes in a debug build
/// here, 17 for the week), so it has its own switch: `.ci/benchmark` runs it with
/// `AEMTLI_SERVE_WEEK=1`, and it is skipped otherwise. Prints numbers; asserts only that push
/// started and delivered.
final class ServeWeekBenchmarkTests: XCTestCase {
    private let harness = SyncHarness()
    private let clock = MovableClock(Date(timeIntervalSince1970: 1_774_429_200))

    override func setUpWithError() throws {
        guard ProcessInfo.processInfo.environment["AEMTLI_SERVE_WEEK"] == "1" else {
            throw XCTSkip("a long benchmark: .ci/benchmark runs it with AEMTLI_SERVE_WEEK=1")
        }
        try harness.start()
        harness.seedFamily(chores: 12)
    }

    override func tearDown() {
        harness.tearDown()
    }

    /// Seven simulated days of syncs 60 s apart (the default) on the test clock, a chore changed
    /// every 5 simulated minutes (each change a push frame, and the sync it asks for), and the
    /// courier's long poll held 1 s of real time and renewed at once. A change comes about every
    /// half second of real time, sooner than the hold ends, so nearly every poll ends with a frame:
    /// about 290 polls a simulated day, where a real day with the same changes has about 2 880 (30 s
    /// holds, mostly idle); each day's line says how many. The hold is not shorter because serve
    /// takes an idle answer in under a second for a server that does not hold, and waits a second.
    func testAWeekOfServingWithPush() throws {
        let daySeconds = Double(ProcessInfo.processInfo.environment["AEMTLI_SERVE_WEEK_DAY_SECONDS"] ?? "") ?? 90
        let server = harness.server
        server.withLock { server.pushEnabled = true }
        server.courier.configure(delay: 0, hold: 1)
        XCTAssertEqual(harness.loginByPaste(as: FakeCloudKit.owner).exitCode, .success)
        let result = ResultBox()
        let output = CountingOutput()
        var inChildren = false
        let (control, done) = try ServeRunner.start(
            harness: harness, clock: clock, extra: ["--sync-every", "60"], result: result
        ) { environment in
            // Counted, not kept: the test's copy of serve's output would grow the heap it measures.
            environment.standardOutput = output
            ServeRunner.requestsAsTheProgramSends(&environment)
            inChildren = environment.requestChild != nil
        }
        defer {
            control.stop()
            _ = done.wait(timeout: .now() + 10)
        }
        let end = Date().addingTimeInterval(10)
        while server.courier.openPolls == 0, Date() < end { Thread.sleep(forTimeInterval: 0.01) }
        XCTAssertGreaterThan(server.courier.openPolls, 0, "push did not start")
        let status = harness.layout.status
        var heap: [Int] = []
        for day in 1...7 {
            let started = Date()
            let polls = server.courier.pollCount
            let frames = server.courier.deliveredFrames
            var requests = 0
            for minute in 1...1_440 {
                if minute % 5 == 0 {
                    server.save([ServerRecords.chore("c00002", title: "Day \(day) \(minute)", assignedTo: "m2")])
                }
                let before = try? Data(contentsOf: URL(fileURLWithPath: status))
                clock.advance(60)
                control.wake()
                let due = Date().addingTimeInterval(5)
                while Date() < due, (try? Data(contentsOf: URL(fileURLWithPath: status))) == before {
                    Thread.sleep(forTimeInterval: 0.002)
                }
                if minute % 60 == 0 {
                    // The test server keeps every request it was sent and every token it gave out;
                    // that is its memory, not serve's.
                    requests += server.withLock {
                        defer {
                            server.recorded.removeAll(keepingCapacity: true)
                            server.everyToken.removeAll(keepingCapacity: true)
                        }
                        return server.recorded.count
                    }
                }
                // Spread the day over `daySeconds` of real time, so that the long polls have it.
                let pace = started.addingTimeInterval(daySeconds * Double(minute) / 1_440).timeIntervalSinceNow
                if pace > 0 { Thread.sleep(forTimeInterval: pace) }
            }
            heap.append(ServeBenchmarkTests.heapInUseKilobytes())
            print(
                "serve-benchmark: week with push, requests \(inChildren ? "in children" : "in serve"), "
                    + String(
                        format:
                            "day %ld: %ld kB resident, %ld kB heap in use, %ld descriptors, %ld requests, %ld long polls, "
                            + "%ld frames, serve's output %ld kB, %.0f s",
                        day, ServeBenchmarkTests.residentKilobytes(), heap[day - 1],
                        ServeBenchmarkTests.openDescriptors(), requests, server.courier.pollCount - polls,
                        server.courier.deliveredFrames - frames, output.bytes / 1024,
                        Date().timeIntervalSince(started)))
        }
        XCTAssertGreaterThan(server.courier.deliveredFrames, 0, "no frame came by push")
        print(
            String(
                format: "serve memory: heap in use day 1 %.2f MB, day 7 %.2f MB", Double(heap[0]) / 1024,
                Double(heap[6]) / 1024))
    }
}

/// Serve's output, counted and let go.
private final class CountingOutput: TextOutput, @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    var bytes: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }

    func write(_ text: String) {
        lock.lock()
        count += text.utf8.count
        lock.unlock()
    }
}
