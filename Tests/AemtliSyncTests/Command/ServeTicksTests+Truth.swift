import AemtliApp
import AemtliCLI
import AemtliCore
import AemtliSite
import CloudKitTestServer
import Foundation
import JSON
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a tap on the served wall answers (SPEC §10), on real sockets against our CloudKit test
/// server: CloudKit's answer decides, a stale flag is open and ticks, Undo only undoes aemtli's own
/// write, and the audit log has every attempt. Max (`max`, m3) owns `c00001`.
extension ServeTicksTests {
    private func wall() -> String {
        String(
            decoding: (try? Data(contentsOf: URL(string: "http://127.0.0.1:\(port)/wall.html")!)) ?? Data(),
            as: UTF8.self)
    }

    private func serverRecord(_ name: String) -> JSONValue? {
        harness.server.withLock { harness.server.zone.live[name] }
    }

    private func audit() -> [JSONValue] {
        let text = (try? String(contentsOfFile: harness.folder + "/store/history/ticks.jsonl", encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { try? JSONParser.parse(Array($0.utf8)) }
    }

    private func pairedCookie(_ code: String) throws -> String {
        let header = try post("/_aemtli/pair", #"{"code": "\#(code)"}"#).headers["set-cookie"] ?? ""
        return String(header.dropFirst("aemtli_device=".count).prefix { $0 != ";" })
    }

    private func start() throws -> (ServeControl, DispatchSemaphore, cookie: String) {
        let (control, done, code) = try ServeRunner.startWithTicks(harness: harness, clock: clock)
        port = control.port
        return (control, done, try pairedCookie(code))
    }

    private var maxTicks: String { #"{"chore": "c00001", "member": "max", "done": true}"# }
    private var maxUndoes: String { #"{"chore": "c00001", "member": "max", "done": false}"# }

    /// A phone ticks Max's chore a second before Max taps Done on the wall: CloudKit refuses the
    /// wall's stale tag. The wall says "changed meanwhile", offers no Undo, writes nothing, and an
    /// undo then cannot erase the phone's tick.
    func testAPhoneTickFirstIsAConflictWithNoUndoAndNothingLoggedAsWritten() throws {
        let (control, done, cookie) = try start()
        defer {
            control.stop()
            _ = done.wait(timeout: .now() + 10)
        }
        harness.server.save([ServerRecords.chore("c00001", title: "Chore 1", assignedTo: "m3", isDone: true)])
        let phoneTag = serverRecord("c00001")?["recordChangeTag"]

        let tap = try post("/_aemtli/tick", maxTicks, cookie: cookie)

        XCTAssertEqual(tap.status, 409)
        XCTAssertEqual(
            tap.body?["message"]?.stringValue, "This chore changed on a phone meanwhile; look again and tap once more.")
        XCTAssertNil(tap.body?["undo"])
        XCTAssertEqual(writes(), [])
        XCTAssertEqual(serverRecord("c00001")?["recordChangeTag"], phoneTag)
        XCTAssertEqual(audit().map { $0["outcome"] }, [.string("attempt"), .string("conflict")])
        // The sync after the conflict put the phone's tick on the wall.
        XCTAssertTrue(wall().contains(#"status-done"#), wall())

        let undo = try post("/_aemtli/tick", maxUndoes, cookie: cookie)
        XCTAssertEqual(undo.status, 409)
        XCTAssertEqual(
            undo.body?["message"]?.stringValue, "It is too late to undo this here; change it in the family's app.")
        XCTAssertEqual(writes(), [])
        XCTAssertEqual(serverRecord("c00001")?["fields"]?["isDone"]?["value"], .integer(1), "the phone's tick stays")
        XCTAssertFalse(audit().contains { $0["outcome"] == .string("written") })
    }

    /// Max's chore was done yesterday (by the server's clock, a day in 2025) and the app has not
    /// reset it: the wall shows it open with Done. The tap saves `isDone` 1 again, which CloudKit
    /// dates now: 200 with Undo, a `done` event in today's period, and the wall shows it done. An
    /// undo by the tag of that write takes it back; after a phone's rename an undo is a conflict.
    func testAStaleFlagTicksAndAnUndoAfterAnotherDevicesEditIsAConflict() throws {
        harness.server.save([ServerRecords.chore("c00001", title: "Chore 1", assignedTo: "m3", isDone: true)])
        let (control, done, cookie) = try start()
        defer {
            control.stop()
            _ = done.wait(timeout: .now() + 10)
        }
        XCTAssertTrue(wall().contains(#"data-chore="c00001""#), "a stale flag is open, with Done: \(wall())")

        let tap = try post("/_aemtli/tick", maxTicks, cookie: cookie)

        XCTAssertEqual(tap.status, 200, "\(String(describing: tap.body))")
        XCTAssertEqual(tap.body?["undo"], .bool(true))
        XCTAssertEqual(writes(), ["c00001"])
        // startWithTicks set the server's clock a minute past serve's (25 March 2026 09:00 UTC);
        // the save is a second later: 1 774 429 261 000 ms.
        XCTAssertEqual(serverRecord("c00001")?["modified"]?["timestamp"], .integer(1_774_429_261_000))
        let journal = harness.journalLines().compactMap { try? JSONParser.parse(Array($0.utf8)) }
        let events = journal.filter { $0["event"] != nil }
        XCTAssertEqual(events.map { $0["event"] }, [.string("done")])
        XCTAssertEqual(events.first?["period"], .string("2026-03-25"))
        XCTAssertFalse(wall().contains(#"data-chore="c00001""#), "done: no Done button")
        XCTAssertEqual(audit().map { $0["outcome"] }, [.string("attempt"), .string("written")])

        let undo = try post("/_aemtli/tick", maxUndoes, cookie: cookie)
        XCTAssertEqual(undo.status, 200, "\(String(describing: undo.body))")
        XCTAssertEqual(serverRecord("c00001")?["fields"]?["isDone"]?["value"], .integer(0))

        // Ticked again; a phone renames it; the wall's undo must not write over the rename.
        XCTAssertEqual(try post("/_aemtli/tick", maxTicks, cookie: cookie).status, 200)
        harness.server.save([ServerRecords.chore("c00001", title: "Renamed", assignedTo: "m3", isDone: true)])
        let late = try post("/_aemtli/tick", maxUndoes, cookie: cookie)
        XCTAssertEqual(late.status, 409)
        XCTAssertEqual(serverRecord("c00001")?["fields"]?["isDone"]?["value"], .integer(1))
        XCTAssertEqual(serverRecord("c00001")?["fields"]?["title"]?["value"], .string("Renamed"))
        XCTAssertEqual(writes(), ["c00001", "c00001", "c00001"], "tick, undo, tick: not the late undo")
    }

    /// iCloud is busy for the wall's write while a phone ticks: 503, and never "written", though
    /// the sync after it shows the chore done.
    func testABusyRefusalIsNeverReportedAsWrittenWhenAPhoneTickedMeanwhile() throws {
        let (control, done, cookie) = try start()
        defer {
            control.stop()
            _ = done.wait(timeout: .now() + 10)
        }
        harness.server.save([ServerRecords.chore("c00001", title: "Chore 1", assignedTo: "m3", isDone: true)])
        harness.server.withLock { harness.server.busyWrites = 1 }

        let tap = try post("/_aemtli/tick", maxTicks, cookie: cookie)

        XCTAssertEqual(tap.status, 503)
        XCTAssertEqual(tap.body?["message"]?.stringValue, "iCloud is busy; try again in a moment.")
        XCTAssertEqual(writes(), [])
        XCTAssertEqual(audit().map { $0["outcome"] }, [.string("attempt"), .string("temporary")])
    }

    /// A member named `Eve"` and a chore titled like a policy: no header of any answer is made from
    /// them. Pages get the one page policy with `frame-ancestors 'none'`, feeds get no policy, and
    /// every answer forbids framing.
    func testHeadersComeFromWhatAemtliKnowsAndNothingMayFrameThePages() throws {
        harness.server.save([
            ServerRecords.member("m9", name: #"Eve""#),
            ServerRecords.chore(
                "c00009", title: #"<meta http-equiv="Content-Security-Policy" content="default-src *"#,
                assignedTo: "m9"),
        ])
        let (control, done, cookie) = try start()
        defer {
            control.stop()
            _ = done.wait(timeout: .now() + 10)
        }
        func head(_ path: String) throws -> HTTPURLResponse {
            let done = DispatchSemaphore(value: 0)
            let answer = ResponseBox()
            URLSession.shared.dataTask(with: URL(string: "http://127.0.0.1:\(port)\(path)")!) { _, response, _ in
                answer.value = response as? HTTPURLResponse
                done.signal()
            }.resume()
            XCTAssertEqual(done.wait(timeout: .now() + 30), .success)
            return try XCTUnwrap(answer.value)
        }
        let feeds = try FileManager.default.contentsOfDirectory(atPath: harness.folder + "/_site/feeds")
        XCTAssertFalse(feeds.isEmpty)
        for feed in feeds {
            let response = try head("/feeds/" + feed)
            XCTAssertEqual(response.statusCode, 200, feed)
            XCTAssertNil(response.value(forHTTPHeaderField: "Content-Security-Policy"), feed)
            XCTAssertEqual(response.value(forHTTPHeaderField: "X-Frame-Options"), "DENY", feed)
            for (name, value) in response.allHeaderFields {
                let line = "\(name): \(value)"
                XCTAssertFalse(line.contains("Eve") || line.contains("default-src *"), "\(feed): \(line)")
            }
        }
        let policy = PageScript.contentSecurityPolicy + "; frame-ancestors 'none'"
        for page in ["/wall.html", "/", "/_aemtli/pair"] {
            let response = try head(page)
            XCTAssertEqual(response.value(forHTTPHeaderField: "Content-Security-Policy"), policy, page)
            XCTAssertEqual(response.value(forHTTPHeaderField: "X-Frame-Options"), "DENY", page)
        }
        let device = try post("/_aemtli/device", "{}", cookie: cookie)
        XCTAssertEqual(device.headers["content-security-policy"], "default-src 'none'; frame-ancestors 'none'")
        XCTAssertEqual(device.headers["x-frame-options"], "DENY")
    }

    /// The cookie lasts 400 days and is renewed on use, `Secure` only for a page that came over
    /// HTTPS through a proxy named in `origins`; 30 tick requests a minute per device, then 429;
    /// a PIN is ASCII digits and nothing else.
    func testTheDeviceCookieTheProxysOriginTheRateLimitAndThePINsForm() throws {
        let (control, done, code) = try ServeRunner.startWithTicks(harness: harness, clock: clock)
        defer {
            control.stop()
            _ = done.wait(timeout: .now() + 10)
        }
        port = control.port
        let pairing = try post("/_aemtli/pair", #"{"code": "\#(code)"}"#)
        let setCookie = try XCTUnwrap(pairing.headers["set-cookie"])
        XCTAssertTrue(setCookie.hasSuffix("; HttpOnly; SameSite=Strict; Path=/; Max-Age=34560000"), setCookie)
        let cookie = String(setCookie.dropFirst("aemtli_device=".count).prefix { $0 != ";" })
        XCTAssertEqual(
            try post("/_aemtli/device", "{}", cookie: cookie).headers["set-cookie"], setCookie, "renewed on use")

        // Behind an HTTPS proxy: its origin is accepted once configured, and the cookie is Secure.
        let proxy = "https://chores.example"
        XCTAssertEqual(try post("/_aemtli/device", "{}", cookie: cookie, origin: proxy).status, 403)
        try Data(#"{"ticks": true, "origins": ["https://chores.example"]}"#.utf8).write(
            to: URL(fileURLWithPath: harness.folder + "/aemtli.json"))
        let deadline = Date().addingTimeInterval(10)
        var viaProxy = try post("/_aemtli/device", "{}", cookie: cookie, origin: proxy)
        while viaProxy.status != 200, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.2)
            viaProxy = try post("/_aemtli/device", "{}", cookie: cookie, origin: proxy)
        }
        XCTAssertEqual(viaProxy.status, 200)
        XCTAssertEqual(viaProxy.headers["set-cookie"], setCookie + "; Secure")
        XCTAssertEqual(try post("/_aemtli/device", "{}", cookie: cookie, origin: "https://evil.example").status, 403)

        // A PIN with a NUL after its digits is no PIN.
        let nul = #"{"chore": "c00000", "member": "max", "done": true, "pin": "4821\u0000"}"#
        XCTAssertEqual(try post("/_aemtli/tick", nul, cookie: cookie).status, 400)

        // 30 tick requests a minute from this device (the one above counts), then 429.
        let unknown = #"{"chore": "nope", "member": "max", "done": true}"#
        for _ in 0..<29 { XCTAssertEqual(try post("/_aemtli/tick", unknown, cookie: cookie).status, 404) }
        let over = try post("/_aemtli/tick", unknown, cookie: cookie)
        XCTAssertEqual(over.status, 429)
        XCTAssertEqual(over.headers["retry-after"], "60")
        clock.advance(61)
        XCTAssertEqual(try post("/_aemtli/tick", unknown, cookie: cookie).status, 404, "a minute later")
        XCTAssertEqual(writes(), [])
    }
}

private final class ResponseBox: @unchecked Sendable {
    var value: HTTPURLResponse?
}
