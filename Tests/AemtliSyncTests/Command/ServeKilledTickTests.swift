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
        let binary = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".build/debug/aemtli")
        try XCTSkipUnless(
            FileManager.default.isExecutableFile(atPath: binary.path), "no debug build of aemtli at \(binary.path)")
        XCTAssertEqual(harness.loginByPaste(as: FakeCloudKit.owner).exitCode, .success)
        try Data(#"{"ticks": true}"#.utf8).write(to: URL(fileURLWithPath: harness.folder + "/aemtli.json"))
        // The server's saves dated now, as the child's clock is the real one.
        harness.server.withLock { harness.server.clockMillis = Int64(Date().timeIntervalSince1970 * 1000) }
        func aemtli(_ arguments: [String]) -> Process {
            let process = Process()
            process.executableURL = binary
            process.arguments = arguments
            process.environment = [
                "XDG_STATE_HOME": harness.folder + "/state", "TZ": "UTC", "PATH": "/usr/bin:/bin",
                "AEMTLI_CLOUDKIT_API_TOKEN": FakeCloudKit.apiToken,
            ]
            process.currentDirectoryURL = URL(fileURLWithPath: harness.folder, isDirectory: true)
            return process
        }
        // Paired by the binary too, on the same (real) clock as the serve that redeems the code.
        let pair = aemtli(["serve", "pair", "--name", "Tablet"])
        let paired = Pipe()
        pair.standardOutput = paired
        try pair.run()
        pair.waitUntilExit()
        let code = String(
            String(decoding: paired.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                .split(separator: "\n").last ?? "")

        let serve = aemtli([
            "serve", "--listen", "127.0.0.1:0", "--sync-every", "15", "--container", FakeCloudKit.container,
            "--environment", "development", "--endpoint", harness.server.endpoint, "--time-zone", "Europe/Zurich",
        ])
        let output = Pipe()
        serve.standardOutput = output
        serve.standardError = FileHandle.nullDevice
        try serve.run()
        defer {
            if serve.isRunning { kill(serve.processIdentifier, SIGKILL) }
            serve.waitUntilExit()
        }
        // "Serving _site at http://127.0.0.1:PORT/ …"
        var printed = ""
        let started = Date()
        while !printed.contains("Serving"), Date().timeIntervalSince(started) < 60 {
            printed += String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        }
        let address = try XCTUnwrap(printed.range(of: "http://127.0.0.1:"), printed)
        let port = try XCTUnwrap(UInt16(printed[address.upperBound...].prefix { $0.isNumber }), printed)
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
