import CloudKitTestServer
import Foundation
import JSON
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The audit log is a log (SPEC §10): a write's `attempt` line is on disk before the write is sent,
/// so `serve` killed with SIGKILL between the write and its answer leaves a write in iCloud that
/// the log mentions. A real `aemtli serve` process, killed for real.
final class ServeKilledTickTests: XCTestCase {
    private let harness = SyncHarness()

    override func setUpWithError() throws {
        try harness.start()
        harness.seedFamily(chores: 3)
    }

    override func tearDown() {
        harness.tearDown()
    }

    func testServeKilledBetweenTheWriteAndItsAnswerLeavesTheAttemptInTheLog() throws {
        let processes = AemtliProcess(harness: harness)
        _ = try AemtliProcess.binary()
        XCTAssertEqual(harness.loginByPaste(as: FakeCloudKit.owner).exitCode, .success)
        try Data(#"{"ticks": true}"#.utf8).write(to: URL(fileURLWithPath: harness.folder + "/aemtli.json"))
        // The server's saves dated now, as the child's clock is the real one.
        harness.server.withLock { harness.server.clockMillis = Int64(Date().timeIntervalSince1970 * 1000) }
        // Paired by the binary too, on the same (real) clock as the serve that redeems the code.
        let pair = try processes.process(["serve", "pair", "--name", "Tablet"])
        let paired = Pipe()
        pair.standardOutput = paired
        try pair.run()
        pair.waitUntilExit()
        let code = String(
            String(decoding: paired.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                .split(separator: "\n").last ?? "")

        let started = Date()
        let (serve, port) = try processes.serve(output: Pipe())
        defer {
            if serve.isRunning { kill(serve.processIdentifier, SIGKILL) }
            serve.waitUntilExit()
        }
        let wall = URL(string: "http://127.0.0.1:\(port)/wall.html")!
        while Date().timeIntervalSince(started) < 60,
            !String(decoding: (try? Data(contentsOf: wall)) ?? Data(), as: UTF8.self).contains("Chore 1")
        {
            Thread.sleep(forTimeInterval: 0.1)
        }
        let pairing = try LoopbackPost.send("/_aemtli/pair", #"{"code": "\#(code)"}"#, port: port)
        let cookie = String(
            (pairing.headers["set-cookie"] ?? "").dropFirst("aemtli_device=".count).prefix { $0 != ";" })
        XCTAssertFalse(cookie.isEmpty, "paired: \(pairing.status) \(String(describing: pairing.body)) code \(code)")

        // iCloud saves the tick and then answers nothing; serve is killed while it waits.
        harness.server.inject(FakeFault(.holdAfterApplying(seconds: 30), on: "records/modify"))
        Thread.detachNewThread {
            _ = try? LoopbackPost.send(
                "/_aemtli/tick", #"{"chore": "c00001", "member": "max", "done": true}"#, port: port, cookie: cookie)
        }
        while Date().timeIntervalSince(started) < 60, harness.server.withLock({ harness.server.writes }).isEmpty {
            Thread.sleep(forTimeInterval: 0.01)
        }
        kill(serve.processIdentifier, SIGKILL)
        serve.waitUntilExit()

        XCTAssertEqual(serve.terminationReason, .uncaughtSignal)
        XCTAssertEqual(harness.server.withLock { harness.server.writes }, ["c00001"])
        XCTAssertEqual(
            harness.server.withLock { harness.server.zone.live["c00001"]?["fields"]?["isDone"]?["value"] },
            .integer(1), "iCloud has the tick")
        let log = try String(contentsOfFile: harness.folder + "/store/history/ticks.jsonl", encoding: .utf8)
        let lines = log.split(separator: "\n").compactMap { try? JSONParser.parse(Array($0.utf8)) }
        XCTAssertEqual(lines.count, 1, log)
        XCTAssertEqual(lines.last?["outcome"], .string("attempt"))
        XCTAssertEqual(lines.last?["chore"], .string("c00001"))
        XCTAssertEqual(lines.last?["device"], .string("Tablet"))
        XCTAssertEqual(lines.last?["event"], .string("done"))
        XCTAssertFalse(log.contains(cookie) || log.contains(code), log)
    }
}
