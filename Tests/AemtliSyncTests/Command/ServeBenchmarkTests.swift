import AemtliCLI
import CloudKitTestServer
import Foundation
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// Benchmarks of `aemtli serve` that print numbers (never timed assertions); `.ci/benchmark` runs
/// them with `AEMTLI_SERVE_BENCHMARK=1`, and they are skipped otherwise. The test clock stands in
/// for the 15 seconds between syncs: each sync comes due at once, and what is measured is what
/// serve adds to that wait.
final class ServeBenchmarkTests: XCTestCase {
    private let harness = SyncHarness()
    private let clock = MovableClock(Date(timeIntervalSince1970: 1_774_429_200))

    override func setUpWithError() throws {
        guard ProcessInfo.processInfo.environment["AEMTLI_SERVE_BENCHMARK"] == "1" else {
            throw XCTSkip("a benchmark: .ci/benchmark runs it with AEMTLI_SERVE_BENCHMARK=1")
        }
        try harness.start()
        harness.seedFamily(chores: 12)
    }

    override func tearDown() {
        harness.tearDown()
    }

    private func percentile(_ values: [Double], _ fraction: Double) -> Double {
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))]
    }

    /// From a chore changed on the test server, once its sync is due, to the `rebuilt` event at
    /// an open stream: 50 changes.
    func testFromAChangeInICloudToTheEventAtThePage() throws {
        XCTAssertEqual(harness.loginByPaste(as: FakeCloudKit.owner).exitCode, .success)
        let (control, done) = try ServeRunner.start(
            harness: harness, clock: clock, adjust: ServeRunner.requestsAsTheProgramSends)
        defer {
            control.stop()
            _ = done.wait(timeout: .now() + 10)
        }
        Thread.sleep(forTimeInterval: 1)
        let stream = try EventStream(port: control.port)
        var seconds: [Double] = []
        for round in 0..<50 {
            harness.server.save([ServerRecords.chore("c00001", title: "Runde \(round)", assignedTo: "m3")])
            clock.advance(15)
            let start = Date()
            control.wake()
            guard stream.nextEvent(named: "rebuilt", within: 10) != nil else {
                return XCTFail("no event in round \(round)")
            }
            seconds.append(Date().timeIntervalSince(start))
        }
        print(
            String(
                format: "serve-benchmark: change to event, 50 changes: median %.0f ms, 95th percentile %.0f ms",
                percentile(seconds, 0.5) * 1000, percentile(seconds, 0.95) * 1000))
    }

    /// Push (SPEC §9 "Push"): from a chore changed on the test server, whose webcourier delivers
    /// each frame a second after the change (CLOUDKIT.md §13.4), to the `rebuilt` event at an open
    /// stream: 50 changes with `syncEverySeconds` 60 and a clock that never moves, so that each
    /// event came by push and none by the poll. Goal: at most 2 s at the 95th percentile.
    func testFromAChangeInICloudToTheEventAtThePageByPush() throws {
        harness.server.withLock { harness.server.pushEnabled = true }
        harness.server.courier.configure(delay: 1)
        XCTAssertEqual(harness.loginByPaste(as: FakeCloudKit.owner).exitCode, .success)
        let (control, done) = try ServeRunner.start(
            harness: harness, clock: clock, extra: ["--sync-every", "60"], adjust: ServeRunner.requestsAsTheProgramSends
        )
        defer {
            control.stop()
            _ = done.wait(timeout: .now() + 10)
        }
        let end = Date().addingTimeInterval(10)
        while harness.server.courier.openPolls == 0, Date() < end { Thread.sleep(forTimeInterval: 0.01) }
        let stream = try EventStream(port: control.port)
        var seconds: [Double] = []
        for round in 0..<50 {
            let start = Date()
            harness.server.save([ServerRecords.chore("c00001", title: "Push \(round)", assignedTo: "m3")])
            guard stream.nextEvent(named: "rebuilt", within: 10) != nil else {
                return XCTFail("no event in round \(round)")
            }
            seconds.append(Date().timeIntervalSince(start))
        }
        print(
            String(
                format: "serve-benchmark: push with a 1 s delay, change to event, 50 changes, syncEverySeconds 60: "
                    + "median %.0f ms, 95th percentile %.0f ms",
                percentile(seconds, 0.5) * 1000, percentile(seconds, 0.95) * 1000))
    }

    /// A simulated day (5 760 syncs 15 seconds apart, a change every 40th): the process's
    /// resident memory, the bytes malloc has handed out and not had back, open descriptors and the
    /// requests the test server answered, each simulated hour.
    ///
    /// With the requests in serve's own process (`AEMTLI_BENCHMARK_IN_PROCESS=1`), the heap grows by
    /// about 290 bytes a request, and not through our code: FoundationNetworking
    /// (swift-corelibs-foundation, through Swift 6.3.1) checks each request's host with
    /// `CFURLSessionCurlHostIsEqual`, which releases curl's parsed URL with `curl_free` instead of
    /// `curl_url_cleanup`, so the URL's parts stay allocated (docs/performance.md). Serve on Linux
    /// therefore sends each request from a child that ends (issue 42), as this day does by default.
    func testADayOfServingKeepsMemoryAndDescriptorsFlat() throws {
        XCTAssertEqual(harness.loginByPaste(as: FakeCloudKit.owner).exitCode, .success)
        let (control, done) = try ServeRunner.start(
            harness: harness, clock: clock, adjust: ServeRunner.requestsAsTheProgramSends)
        defer {
            control.stop()
            _ = done.wait(timeout: .now() + 10)
        }
        let status = harness.layout.status
        var lines: [String] = []
        for sync in 1...5_760 {
            if sync % 40 == 0 {
                harness.server.save([ServerRecords.chore("c00002", title: "Sync \(sync)", assignedTo: "m2")])
            }
            let before = try? Data(contentsOf: URL(fileURLWithPath: status))
            clock.advance(15)
            control.wake()
            let end = Date().addingTimeInterval(5)
            while Date() < end, (try? Data(contentsOf: URL(fileURLWithPath: status))) == before {
                Thread.sleep(forTimeInterval: 0.002)
            }
            if sync % 240 == 0 {
                // The test server keeps every request it was sent and every token it gave out; that is
                // its memory, not serve's.
                let requests = harness.server.withLock {
                    defer {
                        harness.server.recorded.removeAll(keepingCapacity: true)
                        harness.server.everyToken.removeAll(keepingCapacity: true)
                    }
                    return harness.server.recorded.count
                }
                lines.append(
                    "hour \(sync / 240): \(Self.residentKilobytes()) kB resident, \(Self.heapInUseKilobytes()) kB heap in "
                        + "use, \(Self.openDescriptors()) descriptors, \(requests) requests")
            }
        }
        print("serve-benchmark: a day of syncs every 15 s\n" + lines.joined(separator: "\n"))
    }

    /// From a paired device's tick to the answer, which comes once the tick is written, synced
    /// and on the served wall: 50 ticks, each undone after.
    func testFromATickToTheWallShowingIt() throws {
        let (control, done, code) = try ServeRunner.startWithTicks(harness: harness, clock: clock)
        defer {
            control.stop()
            _ = done.wait(timeout: .now() + 10)
        }
        let cookieHeader =
            try LoopbackPost.send("/_aemtli/pair", #"{"code": "\#(code)"}"#, port: control.port)
            .headers["set-cookie"] ?? ""
        let cookie = String(cookieHeader.dropFirst("aemtli_device=".count).prefix { $0 != ";" })
        var seconds: [Double] = []
        for round in 0..<50 {
            for done in [true, false] {
                let body = #"{"chore": "c00001", "member": "max", "done": \#(done)}"#
                let start = Date()
                let answer = try LoopbackPost.send("/_aemtli/tick", body, port: control.port, cookie: cookie)
                guard answer.status == 200 else { return XCTFail("round \(round): \(answer.status)") }
                if done { seconds.append(Date().timeIntervalSince(start)) }
            }
        }
        print(
            String(
                format: "serve-benchmark: tick to the wall, 50 ticks: median %.0f ms, 95th percentile %.0f ms",
                percentile(seconds, 0.5) * 1000, percentile(seconds, 0.95) * 1000))
    }

    static func residentKilobytes() -> Int {
        let text = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = text.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? -1
    }

    /// malloc's bytes in use (`mallinfo2`: `uordblks` plus `hblkhd`), or -1 where that cannot be
    /// asked: unlike resident memory, it does not count freed memory malloc keeps, so a growth here
    /// is memory still held, not fragmentation. Glibc's module map does not declare `mallinfo2`,
    /// so it is looked up; it returns a 10-word struct, which x86-64 returns through a pointer
    /// passed as the first argument.
    static func heapInUseKilobytes() -> Int {
        #if canImport(Glibc) && arch(x86_64)
        typealias MallInfo2 = @convention(c) (UnsafeMutableRawPointer) -> Void
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "mallinfo2") else { return -1 }
        var fields = [Int](repeating: 0, count: 10)
        fields.withUnsafeMutableBytes { buffer in
            if let base = buffer.baseAddress { unsafeBitCast(symbol, to: MallInfo2.self)(base) }
        }
        return (fields[7] + fields[4]) / 1024
        #else
        return -1
        #endif
    }

    static func openDescriptors() -> Int {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []).count
    }
}
