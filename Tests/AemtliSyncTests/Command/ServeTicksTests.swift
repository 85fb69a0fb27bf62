import AemtliCLI
import CloudKitTestServer
import Foundation
import JSON
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Ticks from the wall (SPEC §10) through `aemtli serve`'s endpoints, against our CloudKit test
/// server: a paired device ticks a child's own chore and the served wall shows it when the answer
/// comes; every refusal writes nothing.
final class ServeTicksTests: XCTestCase {
    let harness = SyncHarness()
    let clock = MovableClock(Date(timeIntervalSince1970: 1_774_429_200))
    var port: UInt16 = 0

    override func setUpWithError() throws {
        try harness.start()
        harness.seedFamily(chores: 3)
    }

    override func tearDown() {
        harness.tearDown()
    }

    func post(
        _ path: String, _ body: String, cookie: String? = nil, origin: String? = nil, type: String = "application/json"
    ) throws -> LoopbackPost.Answer {
        try LoopbackPost.send(path, body, port: port, cookie: cookie, origin: origin, type: type)
    }

    func writes() -> [String] {
        harness.server.withLock { harness.server.writes }
    }

    func testAPairedDeviceTicksAChildsOwnChoreAndEveryRefusalWritesNothing() throws {
        XCTAssertEqual(harness.loginByPaste(as: FakeCloudKit.owner).exitCode, .success)
        try Data(#"{"ticks": true}"#.utf8).write(to: URL(fileURLWithPath: harness.folder + "/aemtli.json"))
        let result = ResultBox()
        let (control, done) = try ServeRunner.start(harness: harness, clock: clock, result: result)
        defer {
            control.stop()
            _ = done.wait(timeout: .now() + 10)
        }
        port = control.port
        let wall = {
            String(
                decoding: (try? Data(contentsOf: URL(string: "http://127.0.0.1:\(self.port)/wall.html")!)) ?? Data(),
                as: UTF8.self)
        }
        let start = Date()
        while Date().timeIntervalSince(start) < 5, !wall().contains("Chore 1") { Thread.sleep(forTimeInterval: 0.05) }

        // The served wall carries "Done" for Max's open chore, hidden until the device is paired.
        XCTAssertTrue(
            wall().contains(#"<button type="button" class="tick" hidden data-chore="c00001" data-member="max">"#),
            wall())
        XCTAssertTrue(wall().contains(#"<dialog id="who""#))
        XCTAssertEqual(try post("/_aemtli/device", "{}").status, 401)
        let pairPage = String(
            decoding: try Data(contentsOf: URL(string: "http://127.0.0.1:\(port)/_aemtli/pair")!), as: UTF8.self)
        XCTAssertTrue(pairPage.contains(#"<form id="pair-form">"#), pairPage)

        // Pairing: `aemtli serve pair` prints the code, the device sends it from the site's page.
        let paired = harness.aemtli(["serve", "pair", "--name", "Küchentablet"])
        XCTAssertEqual(paired.exitCode, .success, paired.stderr)
        let code = String(paired.stdout.split(separator: "\n").last ?? "")
        XCTAssertEqual(try post("/_aemtli/pair", #"{"code": "000000"}"#).status, 403, "a wrong code")
        let pairing = try post("/_aemtli/pair", #"{"code": "\#(code)"}"#)
        XCTAssertEqual(pairing.status, 200, "\(String(describing: pairing.body))")
        let setCookie = try XCTUnwrap(pairing.headers["set-cookie"])
        XCTAssertTrue(setCookie.contains("HttpOnly") && setCookie.contains("SameSite=Strict"), setCookie)
        let cookie = String(setCookie.dropFirst("aemtli_device=".count).prefix { $0 != ";" })
        XCTAssertGreaterThanOrEqual(cookie.count, 22, "at least 128 bits")
        XCTAssertEqual(try post("/_aemtli/device", "{}", cookie: cookie).status, 200, "the script may show Done")

        // Refused, nothing written: no device, another origin, not JSON, an unknown chore, a
        // child ticking a sibling's chore without a PIN. (c00001 is Max's, c00000 Anna's.)
        let own = #"{"chore": "c00001", "member": "max", "done": true}"#
        XCTAssertEqual(try post("/_aemtli/tick", own).status, 401)
        XCTAssertEqual(try post("/_aemtli/tick", own, cookie: "forged").status, 401)
        XCTAssertEqual(try post("/_aemtli/tick", own, cookie: cookie, origin: "http://evil.example").status, 403)
        XCTAssertEqual(try post("/_aemtli/tick", own, cookie: cookie, type: "text/plain").status, 415)
        XCTAssertEqual(try post("/_aemtli/tick", "{\"chore\":", cookie: cookie).status, 400)
        XCTAssertEqual(
            try post("/_aemtli/tick", #"{"chore": "nope", "member": "max", "done": true}"#, cookie: cookie).status,
            404)
        let sibling = try post("/_aemtli/tick", #"{"chore": "c00000", "member": "max", "done": true}"#, cookie: cookie)
        XCTAssertEqual(sibling.status, 403)
        XCTAssertEqual(
            sibling.body?["message"]?.stringValue, "Only a parent's PIN can tick this chore for that member.")
        XCTAssertEqual(
            try post("/_aemtli/tick", String(repeating: " ", count: 5000) + own, cookie: cookie).status, 413)
        XCTAssertEqual(writes(), [])

        // Max ticks his own chore: written to iCloud, and on the served wall when the answer comes.
        // (The test server's clock is set to serve's, so that the new version is of today.)
        harness.server.withLock { harness.server.clockMillis = 1_774_429_260_000 }
        let ticked = try post("/_aemtli/tick", own, cookie: cookie)
        XCTAssertEqual(ticked.status, 200, "\(String(describing: ticked.body))")
        XCTAssertEqual(writes(), ["c00001"])
        XCTAssertEqual(
            harness.server.withLock { harness.server.zone.live["c00001"]?["fields"]?["isDone"]?["value"] }, .integer(1))
        XCTAssertTrue(wall().contains(#"status-done"#), "the wall shows the tick: \(result.stderr.text)")
        XCTAssertEqual(try post("/_aemtli/tick", own, cookie: cookie).status, 409, "already done")
        XCTAssertEqual(writes(), ["c00001"])

        // The audit: one line per attempt that reached a chore, no cookie or code in it.
        let audit = try String(contentsOfFile: harness.folder + "/store/history/ticks.jsonl", encoding: .utf8)
        XCTAssertTrue(audit.contains(#""device":"Küchentablet""#) && audit.contains(#""outcome":"written""#), audit)
        XCTAssertFalse(audit.contains(cookie) || audit.contains(code), audit)

        // Revoked: refused at the very next request.
        XCTAssertEqual(harness.aemtli(["serve", "devices", "--revoke", "Küchentablet"]).exitCode, .success)
        XCTAssertEqual(
            try post("/_aemtli/tick", #"{"chore": "c00001", "member": "max", "done": false}"#, cookie: cookie).status,
            401)
    }

    func testWithTicksOffTheEndpointsAreNotThereAndNoDoneIsOffered() throws {
        let (control, done) = try ServeRunner.start(harness: harness, clock: clock)
        defer {
            control.stop()
            _ = done.wait(timeout: .now() + 10)
        }
        port = control.port
        let body = #"{"chore": "c00001", "member": "max", "done": true}"#
        XCTAssertEqual(try post("/_aemtli/tick", body, cookie: "anything").status, 404)
        XCTAssertEqual(try post("/_aemtli/pair", #"{"code": "123456"}"#).status, 404)
        let wall = String(
            decoding: try Data(contentsOf: URL(string: "http://127.0.0.1:\(port)/wall.html")!), as: UTF8.self)
        XCTAssertFalse(wall.contains("class=\"tick\""), wall)
        XCTAssertEqual(harness.server.withLock { harness.server.writes }, [])
    }

    /// Max ticking Anna's chore needs a parent's PIN: a wrong one is refused and counted, five lock
    /// the device's PIN entry (even the right PIN then), and nothing is written meanwhile.
    func testAChildTickingASiblingsChoreNeedsAParentsPinAndFiveWrongLockTheDevice() throws {
        let (control, done, code) = try ServeRunner.startWithTicks(harness: harness, clock: clock)
        defer {
            control.stop()
            _ = done.wait(timeout: .now() + 10)
        }
        port = control.port
        XCTAssertEqual(harness.aemtli(["serve", "pin", "--member", "parent"], pasted: "4711").exitCode, .success)
        let cookieHeader = try post("/_aemtli/pair", #"{"code": "\#(code)"}"#).headers["set-cookie"] ?? ""
        let cookie = String(cookieHeader.dropFirst("aemtli_device=".count).prefix { $0 != ";" })
        func tick(_ pin: String) throws -> LoopbackPost.Answer {
            try post(
                "/_aemtli/tick", #"{"chore": "c00000", "member": "max", "done": true, "pin": "\#(pin)"}"#,
                cookie: cookie)
        }
        let wrong = try tick("1234")
        XCTAssertEqual(wrong.status, 403)
        XCTAssertEqual(wrong.body?["message"]?.stringValue, "That PIN is not right.")
        for _ in 0..<4 { XCTAssertEqual(try tick("0000").status, 403) }
        let locked = try tick("4711")
        XCTAssertEqual(locked.status, 403)
        XCTAssertEqual(
            locked.body?["message"]?.stringValue, "Too many wrong PINs on this device; try again in ten minutes.")
        XCTAssertEqual(writes(), [])

        clock.advance(601)
        XCTAssertEqual(try tick("4711").status, 200, "ten minutes later, the right PIN")
        XCTAssertEqual(writes(), ["c00000"])
        let audit = try String(contentsOfFile: harness.folder + "/store/history/ticks.jsonl", encoding: .utf8)
        XCTAssertFalse(audit.contains("4711") || audit.contains("1234"), audit)
    }
}
