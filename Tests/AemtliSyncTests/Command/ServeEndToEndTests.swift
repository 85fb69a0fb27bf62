import AemtliApp
import AemtliCLI
import AemtliCore
import AemtliSync
import CloudKitTestServer
import CloudKitWeb
import Foundation
import XCTest

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `aemtli serve` against our CloudKit test server, on a real socket (SPEC §9): a chore changed in
/// iCloud reaches an open event stream and the served wall within a sync interval and a second;
/// syncs that bring nothing new send nothing and rewrite nothing; a refused session shows the
/// sign-in notice while serving goes on, and a new sign-in resumes syncing without a restart.
final class ServeEndToEndTests: XCTestCase {
    private let harness = SyncHarness()
    /// The clock `serve` reads; the test moves it on instead of waiting 15 seconds a sync.
    private let clock = MovableClock(Date(timeIntervalSince1970: 1_774_429_200))  // 2026-03-25T09:00:00Z

    override func setUpWithError() throws {
        try harness.start()
        harness.seedFamily(chores: 3)
    }

    override func tearDown() {
        harness.tearDown()
    }

    private func serve(_ extra: [String]) throws -> (ServeControl, done: DispatchSemaphore, result: ResultBox) {
        let result = ResultBox()
        let (control, done) = try ServeRunner.start(harness: harness, clock: clock, extra: extra, result: result)
        return (control, done, result)
    }

    /// Signs in, serves, and returns once the first sync and build, which run at once after the
    /// server listens, show on the wall.
    private func serveSignedIn() throws -> (ServeControl, done: DispatchSemaphore, result: ResultBox) {
        XCTAssertEqual(harness.loginByPaste(as: FakeCloudKit.owner).exitCode, .success)
        let serving = try serve([])
        try waitUntil { (try? self.fetch("/wall.html", port: serving.0.port))?.contains("Chore 1") == true }
        return serving
    }

    private func fetch(_ path: String, port: UInt16) throws -> String {
        let data = try Data(contentsOf: URL(string: "http://127.0.0.1:\(port)\(path)")!)
        return String(decoding: data, as: UTF8.self)
    }

    func testAChoreChangedInICloudReachesTheOpenStreamAndTheWallWithinASyncAndASecond() throws {
        let (control, done, result) = try serveSignedIn()
        defer {
            control.stop()
            _ = done.wait(timeout: .now() + 10)
        }
        let stream = try EventStream(port: control.port)
        let site = harness.folder + "/_site"
        func times() -> [String: Date] {
            var result: [String: Date] = [:]
            for name in FileManager.default.enumerator(atPath: site)?.compactMap({ $0 as? String }) ?? [] {
                result[name] =
                    try? FileManager.default.attributesOfItem(atPath: site + "/" + name)[.modificationDate]
                    as? Date
            }
            return result
        }
        let before = times()

        // Ten syncs that bring nothing new (each one request, seen at the server): nothing is sent,
        // no file of the site is written again, the manifest included.
        for _ in 0..<10 {
            let asked = harness.server.requests.count
            clock.advance(15)
            control.wake()
            try waitUntil { harness.server.requests.count > asked }
        }
        XCTAssertNil(stream.nextEvent(named: "rebuilt", within: 1.5), "no reload after syncs that brought nothing new")
        XCTAssertEqual(times(), before)
        XCTAssertTrue(before.keys.contains(".aemtli-manifest") && before.keys.contains("wall.html"))

        // A chore renamed in iCloud: the stream names the wall within a sync interval and a second.
        harness.server.save([ServerRecords.chore("c00001", title: "Katze füttern", assignedTo: "m3")])
        clock.advance(15)
        let changed = Date()
        let event = try XCTUnwrap(stream.nextEvent(named: "rebuilt", within: 2), result.stderr.text)
        XCTAssertLessThan(Date().timeIntervalSince(changed), 2)
        XCTAssertTrue(event.contains("event: rebuilt"), event)
        XCTAssertTrue(event.contains("\"/wall.html\""), event)
        XCTAssertTrue(try fetch("/wall.html", port: control.port).contains("Katze füttern"))

        // The session ends in iCloud: the pages say to sign in again, and serving goes on.
        harness.server.inject(FakeFault(.expireSessions))
        clock.advance(15)
        let signIn = "The iCloud sign-in has ended"
        try waitUntil { (try? self.fetch("/wall.html", port: control.port))?.contains(signIn) == true }

        // A new sign-in in another terminal: syncing resumes by itself.
        let login = harness.aemtli(
            [
                "sync", "login", "--paste", "--container", FakeCloudKit.container, "--environment", "development",
                "--endpoint", harness.server.endpoint, "--now", "2026-03-25T10:30:00+01:00",
            ], pasted: harness.server.pastedAddress(signingIn: FakeCloudKit.owner))
        XCTAssertEqual(login.exitCode, .success, login.stderr)
        harness.server.save([ServerRecords.chore("c00002", title: "Blumen giessen", assignedTo: "m2")])
        clock.advance(15)
        try waitUntil {
            let page = (try? self.fetch("/wall.html", port: control.port)) ?? ""
            return page.contains("Blumen giessen") && !page.contains(signIn)
        }
        control.stop()
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(result.code, .success, result.stderr.text)
        XCTAssertFalse(result.stdout.text.contains(FakeCloudKit.apiToken))
    }

    func testEverySuccessfulSyncIsSentToTheStreamAndAStreamThatOpensHearsTheLastAtOnce() throws {
        let (control, done, _) = try serveSignedIn()
        defer {
            control.stop()
            _ = done.wait(timeout: .now() + 10)
        }
        // The first sync ran at 09:00:00Z, 10:00 in Zurich (winter time until 29 March).
        let first = try EventStream(port: control.port)
        XCTAssertEqual(first.nextEvent(within: 2), "event: synced\ndata: 2026-03-25T10:00:00+01:00")
        // A sync that brings nothing new is still a sync: the pages learn its time.
        clock.advance(15)
        control.wake()
        XCTAssertEqual(first.nextEvent(within: 2), "event: synced\ndata: 2026-03-25T10:00:15+01:00")
        let second = try EventStream(port: control.port)
        XCTAssertEqual(second.nextEvent(within: 2), "event: synced\ndata: 2026-03-25T10:00:15+01:00")
        // A sync that fails (the session ended) says nothing of the kind.
        harness.server.inject(FakeFault(.expireSessions))
        clock.advance(15)
        control.wake()
        XCTAssertNil(second.nextEvent(named: "synced", within: 1))
    }

    func testAQuietSyncLeavesThePageFileAsItWasWithChoresAsOfItsLastChange() throws {
        let (control, done, _) = try serveSignedIn()
        defer {
            control.stop()
            _ = done.wait(timeout: .now() + 10)
        }
        let wall = URL(fileURLWithPath: harness.folder + "/_site/wall.html")
        let first = try Data(contentsOf: wall)
        let asOfTen = #"Chores as of <time id="synced" datetime="2026-03-25T10:00:00+01:00">10:00</time>"#
        XCTAssertTrue(String(decoding: first, as: UTF8.self).contains(asOfTen))
        // A minute on, a sync that brings nothing new: its event comes after its build, and the
        // wall's file is byte for byte as it was, still as of ten o'clock.
        let stream = try EventStream(port: control.port)
        XCTAssertNotNil(stream.nextEvent(named: "synced", within: 2))
        clock.advance(60)
        control.wake()
        XCTAssertEqual(stream.nextEvent(within: 2), "event: synced\ndata: 2026-03-25T10:01:00+01:00")
        XCTAssertEqual(try Data(contentsOf: wall), first)
        XCTAssertEqual(try fetch("/wall.html", port: control.port), String(decoding: first, as: UTF8.self))
        // A chore renamed: the wall is written again, as of that sync.
        harness.server.save([ServerRecords.chore("c00001", title: "Katze füttern", assignedTo: "m3")])
        clock.advance(60)
        control.wake()
        XCTAssertNotNil(stream.nextEvent(named: "synced", within: 2))
        let renamed = String(decoding: try Data(contentsOf: wall), as: UTF8.self)
        XCTAssertTrue(renamed.contains("Katze füttern"))
        XCTAssertTrue(
            renamed.contains(#"Chores as of <time id="synced" datetime="2026-03-25T10:02:00+01:00">10:02</time>"#))
    }

    func testATemplateEditReloadsTheWallAndAServerWithoutASessionServesTheStoreAsItIs() throws {
        try FileManager.default.createDirectory(atPath: harness.folder + "/tpl", withIntermediateDirectories: true)
        let (control, done, result) = try serve(["--templates", "tpl"])
        defer {
            control.stop()
            _ = done.wait(timeout: .now() + 10)
        }
        let page = try fetch("/wall.html", port: control.port)
        XCTAssertTrue(page.contains(" data-live"), page)
        let stream = try EventStream(port: control.port)
        let exported = harness.aemtli(["template", "export", "tpl"])
        XCTAssertEqual(exported.exitCode, .success, exported.stderr)
        let wall = try String(contentsOfFile: harness.folder + "/tpl/wall.mustache", encoding: .utf8)
        try Data(wall.replacingOccurrences(of: "</header>", with: "<p>Hallo Küche</p></header>").utf8)
            .write(to: URL(fileURLWithPath: harness.folder + "/tpl/wall.mustache"))
        let event = try XCTUnwrap(stream.nextEvent(named: "rebuilt", within: 3), result.stderr.text)
        XCTAssertTrue(event.contains("\"/wall.html\""), event)
        XCTAssertFalse(event.contains("\"/index.html\""), "only the changed page reloads: \(event)")
        XCTAssertTrue(try fetch("/wall.html", port: control.port).contains("Hallo Küche"))
    }

    func testAConfigurationThatNoLongerReadsKeepsTheLastOneAndThePagesSaySo() throws {
        let config = URL(fileURLWithPath: harness.folder + "/aemtli.json")
        try Data(#"{"title": "Familie Test"}"#.utf8).write(to: config)
        let (control, done, result) = try serveSignedIn()
        defer {
            control.stop()
            _ = done.wait(timeout: .now() + 10)
        }
        let kept = "For parents: aemtli.json has a slip in it, so these pages keep its last good settings"
        // Saved half-way through an edit: the wall keeps the family's title and says what happened.
        try Data(#"{"title": "Familie Test", "#.utf8).write(to: config)
        try waitUntil { (try? self.fetch("/wall.html", port: control.port))?.contains(kept) == true }
        XCTAssertTrue(try fetch("/index.html", port: control.port).contains("Familie Test"))
        // The sync goes on with the settings from before.
        harness.server.save([ServerRecords.chore("c00001", title: "Katze füttern", assignedTo: "m3")])
        clock.advance(15)
        control.wake()
        try waitUntil { (try? self.fetch("/wall.html", port: control.port))?.contains("Katze füttern") == true }
        // Gone for a moment (an editor saving by rename): the same, not the defaults or the demo.
        try FileManager.default.removeItem(at: config)
        try waitUntil { result.stderr.text.contains("does not exist; serve goes on with the settings from before.") }
        XCTAssertTrue(try fetch("/index.html", port: control.port).contains("Familie Test"))
        XCTAssertTrue(try fetch("/wall.html", port: control.port).contains(kept))
        XCTAssertFalse(try fetch("/wall.html", port: control.port).contains("demo family"))
        // Fixed: the notice goes, and the new setting is read.
        try Data(#"{"title": "Familie Muster"}"#.utf8).write(to: config)
        try waitUntil {
            let page = (try? self.fetch("/wall.html", port: control.port)) ?? ""
            return page.contains("Familie Muster") && !page.contains(kept)
        }
        control.stop()
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        let said = result.stderr.text.components(separatedBy: "serve goes on with the settings from before.").count - 1
        XCTAssertEqual(said, 2, "once for the broken file, once for the missing one: \(result.stderr.text)")
        XCTAssertTrue(result.stderr.text.contains("aemtli.json"), result.stderr.text)
    }

    /// Issue 37: "timezone" for "timeZone" was a warning, and serve went on in UTC with every time
    /// on the wall an hour off. A key one edit from a known one is a configuration that does not
    /// read (SPEC §7): serve keeps the last good one, zone and all, and the pages say so.
    func testAKeyOneEditFromAKnownOneKeepsTheConfiguredZoneOnTheWallAndSaysSo() throws {
        let config = URL(fileURLWithPath: harness.folder + "/aemtli.json")
        try Data(#"{"title": "Familie Test", "timeZone": "Europe/Zurich"}"#.utf8).write(to: config)
        XCTAssertEqual(harness.loginByPaste(as: FakeCloudKit.owner).exitCode, .success)
        let result = ResultBox()
        let (control, done) = try ServeRunner.start(harness: harness, clock: clock, result: result, zoneFlag: false)
        defer {
            control.stop()
            _ = done.wait(timeout: .now() + 10)
        }
        try waitUntil { (try? self.fetch("/wall.html", port: control.port))?.contains("Chore 1") == true }
        // The chores fall due daily at the wall-clock time of their due date, 2025-04-30T09:00:00Z:
        // 11:00 in Zurich, where it was summer time then; 09:00 in UTC.
        let zurich = "11:00"
        let utc = "09:00"
        let first = try fetch("/wall.html", port: control.port)
        XCTAssertTrue(first.contains(zurich), first)
        XCTAssertFalse(first.contains(utc), first)
        let kept = "For parents: aemtli.json has a slip in it, so these pages keep its last good settings"
        try Data(#"{"title": "Familie Test", "timezone": "Europe/Zurich"}"#.utf8).write(to: config, options: .atomic)
        try waitUntil { (try? self.fetch("/wall.html", port: control.port))?.contains(kept) == true }
        let wall = try fetch("/wall.html", port: control.port)
        XCTAssertTrue(wall.contains(zurich), wall)
        XCTAssertFalse(wall.contains(utc), wall)
        XCTAssertTrue(
            result.stderr.text.contains(
                #"aemtli.json: "timezone" is not a setting aemtli knows but looks like a slip for "timeZone", so the file is not used; spell it "timeZone"; serve goes on with the settings from before."#
            ), result.stderr.text)
    }

    /// Issue 37: the address in use was "Address already in use.; pass another --listen"; the
    /// likeliest reason is a serve started before, so the sentence says so.
    func testASecondServeOnTheSamePortSaysOneMayAlreadyBeRunningThere() throws {
        let (control, done, _) = try serve([])
        defer {
            control.stop()
            _ = done.wait(timeout: .now() + 10)
        }
        let second = harness.aemtli(["serve", "--listen", "127.0.0.1:\(control.port)", "--out", "other"])
        XCTAssertEqual(second.exitCode, .unavailable)
        // After the demo family's notice (no store here): the error is the last line.
        let last = second.stderr.split(separator: "\n").last.map(String.init)
        XCTAssertEqual(
            last,
            "aemtli: error: cannot serve at 127.0.0.1:\(control.port) because something already listens there, perhaps an 'aemtli serve' started before; stop it or pass another --listen HOST:PORT."
        )
    }

    func testAWarningAboutTheConfigurationIsSaidOncePerVersionOfTheFile() throws {
        let config = URL(fileURLWithPath: harness.folder + "/aemtli.json")
        // Far from every known key, so a warning (a slip like "titel" would stop the configuration).
        try Data(#"{"familyTitle": "Familie Test"}"#.utf8).write(to: config)
        let (control, done, result) = try serveSignedIn()
        defer {
            control.stop()
            _ = done.wait(timeout: .now() + 10)
        }
        // Two more syncs and builds, each of which reads the configuration.
        for title in ["Katze füttern", "Blumen giessen"] {
            harness.server.save([ServerRecords.chore("c00001", title: title, assignedTo: "m3")])
            clock.advance(15)
            control.wake()
            try waitUntil { (try? self.fetch("/wall.html", port: control.port))?.contains(title) == true }
        }
        // A new version of the file, with the same mistake: said again, once.
        try Data(#"{"familyTitle": "Familie Test", "language": "de"}"#.utf8).write(to: config, options: .atomic)
        try waitUntil { (try? self.fetch("/wall.html", port: control.port))?.contains("lang=\"de\"") == true }
        control.stop()
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        let warning = #"aemtli.json: "familyTitle" is not a setting aemtli knows; it is ignored"#
        XCTAssertEqual(result.stderr.text.components(separatedBy: warning).count - 1, 2, result.stderr.text)
    }

    func testSettingsServeTakesOnlyAtItsStartAreSaidWhenChangedAndThePagesMatchTheServer() throws {
        let config = URL(fileURLWithPath: harness.folder + "/aemtli.json")
        try Data(#"{"out": "site-a"}"#.utf8).write(to: config, options: .atomic)
        // Written by rename, as editors save: a half-written file would be a warning of its own.
        let (control, done, result) = try serve([])
        defer {
            control.stop()
            _ = done.wait(timeout: .now() + 10)
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: harness.folder + "/site-a/wall.html"))
        // Another folder and ticks on: the build stays in site-a, and without tick endpoints no
        // page offers a Done button.
        for (title, settings) in [
            ("Familie B", #""out": "site-b", "ticks": true"#), ("Familie A", #""out": "site-a""#),
            ("Familie B2", #""out": "site-b""#), ("Familie B3", #""out": "site-b""#),
        ] {
            try Data(#"{"title": "\#(title)", \#(settings)}"#.utf8).write(to: config, options: .atomic)
            try waitUntil { (try? self.fetch("/wall.html", port: control.port))?.contains(title) == true }
            XCTAssertFalse(try fetch("/wall.html", port: control.port).contains(#"<body class="wall" data-ticks"#))
        }
        control.stop()
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        let moved =
            "With aemtli.json as it reads now, the output folder is 'site-b', but serve writes and serves 'site-a' "
            + "until it is started again."
        let ticks = "aemtli.json now turns ticks on, but the wall shows Done buttons only once serve is started again."
        // Said when it became true, and again after it had been undone; nothing at the start.
        XCTAssertEqual(result.stderr.text.components(separatedBy: moved).count - 1, 2, result.stderr.text)
        XCTAssertEqual(result.stderr.text.components(separatedBy: ticks).count - 1, 1, result.stderr.text)
        XCTAssertEqual(result.stderr.text.components(separatedBy: "aemtli: warning:").count - 1, 3, result.stderr.text)
        XCTAssertTrue(
            try String(contentsOfFile: harness.folder + "/site-a/wall.html", encoding: .utf8).contains("Familie B3"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: harness.folder + "/site-b"))
    }

    func testAnOutputFolderGivenAsAFlagWinsOverTheConfigurationWithoutAWord() throws {
        let config = URL(fileURLWithPath: harness.folder + "/aemtli.json")
        try Data(#"{"out": "configured"}"#.utf8).write(to: config, options: .atomic)
        let (control, done, result) = try serve(["--out", "flagged"])
        defer {
            control.stop()
            _ = done.wait(timeout: .now() + 10)
        }
        try Data(#"{"out": "configured", "title": "Familie Flagge"}"#.utf8).write(to: config, options: .atomic)
        try waitUntil { (try? self.fetch("/wall.html", port: control.port))?.contains("Familie Flagge") == true }
        control.stop()
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        XCTAssertFalse(result.stderr.text.contains("warning"), result.stderr.text)
        XCTAssertTrue(FileManager.default.fileExists(atPath: harness.folder + "/flagged/wall.html"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: harness.folder + "/configured"))
    }

    func testABaseURLWithAPathServeDoesNotServeIsOneWarningAtTheStartNamingBoth() throws {
        let config = URL(fileURLWithPath: harness.folder + "/aemtli.json")
        try Data(#"{"baseURL": "https://home.example/chores"}"#.utf8).write(to: config, options: .atomic)
        let (control, done, result) = try serve([])
        // Another build after an edit: the warning is not said again.
        try Data(#"{"baseURL": "https://home.example/chores", "title": "Familie Pfad"}"#.utf8)
            .write(to: config, options: .atomic)
        try waitUntil { (try? self.fetch("/wall.html", port: control.port))?.contains("Familie Pfad") == true }
        control.stop()
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        let warning =
            "aemtli: warning: aemtli.json's baseURL https://home.example/chores has the path /chores, which serve "
            + "does not serve: it serves the site at http://127.0.0.1:\(control.port)/, so the pages' calendar links "
            + "would not be found; give the address serve is reached at, without a path.\n"
        XCTAssertEqual(result.stderr.text.components(separatedBy: warning).count - 1, 1, result.stderr.text)
        XCTAssertEqual(result.stderr.text.components(separatedBy: "warning").count - 1, 1, result.stderr.text)

        // README's example, an address without a path, fits serve: no word about it.
        try Data(#"{"baseURL": "https://chores.home.example"}"#.utf8).write(to: config, options: .atomic)
        let (again, ended, quiet) = try serve([])
        again.stop()
        XCTAssertEqual(ended.wait(timeout: .now() + 10), .success)
        XCTAssertFalse(quiet.stderr.text.contains("warning"), quiet.stderr.text)
    }

    func testAStopWhileASyncWaitsToRetryEndsServeWithinTwoSecondsAndFreesTheStore() throws {
        // iCloud busy with 200 s to wait, well inside a run's five minutes: the sync sits it out.
        try stopWithinTwoSeconds(during: FakeFault(.status(503, code: "TRY_AGAIN_LATER", retryAfterBody: 200)))
    }

    /// A connection to iCloud that hangs (no answer for 30 s, where the request timeout is a
    /// minute): a stop still ends serve within 2 s.
    func testAStopWhileARequestHangsEndsServeWithinTwoSeconds() throws {
        try stopWithinTwoSeconds(during: FakeFault(.hold(seconds: 30)))
    }

    /// Serve's next sync meets `fault`; while it is in that sync, a stop (what SIGTERM's handler
    /// does) ends serve with 0 within 2 s, sends nothing more, leaves the status as the last
    /// finished sync wrote it and the store's lock free, so the next sync carries on.
    private func stopWithinTwoSeconds(during fault: FakeFault, line: UInt = #line) throws {
        XCTAssertEqual(harness.loginByPaste(as: FakeCloudKit.owner).exitCode, .success)
        let result = ResultBox()
        let (control, done) = try ServeRunner.start(harness: harness, clock: clock, result: result, realWaits: true)
        var ended = DispatchTimeoutResult.timedOut
        defer {
            control.stop()
            if ended != .success { _ = done.wait(timeout: .now() + 10) }
        }
        try waitUntil { (try? self.fetch("/wall.html", port: control.port))?.contains("Chore 1") == true }
        let asked = harness.server.requests.count
        harness.server.inject(fault)
        clock.advance(15)
        control.wake()
        try waitUntil { harness.server.requests.count > asked }
        Thread.sleep(forTimeInterval: 0.3)
        control.stop()
        ended = done.wait(timeout: .now() + 2)
        XCTAssertEqual(ended, .success, "serve did not stop within 2 s", line: line)
        XCTAssertEqual(result.code, .success, result.stderr.text, line: line)
        XCTAssertFalse(result.stderr.text.contains("serve goes on"), result.stderr.text, line: line)
        XCTAssertEqual(harness.server.requests.count, asked + 1, "nothing sent after the stop", line: line)
        let status = try String(contentsOfFile: harness.folder + "/store/cloudkit/status", encoding: .utf8)
        XCTAssertTrue(status.contains("\"result\": \"ok\""), status, line: line)
        let sync = harness.aemtli(["sync"] + harness.serverFlags)
        XCTAssertEqual(sync.exitCode, .success, sync.stderr, line: line)
    }

    func testTheSyncAfterAThrottledOneWaitsForTheTimeCloudKitGave() throws {
        harness.server.withLock { harness.server.requestClock = { [clock] in clock.now } }
        let (control, done, result) = try serveSignedIn()
        defer {
            control.stop()
            _ = done.wait(timeout: .now() + 10)
        }
        // 400 s to wait, more than a run may spend: the run ends at once, at 09:00:15.
        let asked = harness.server.requests.count
        harness.server.inject(FakeFault(.status(429, code: "THROTTLED", retryAfterBody: 400)))
        clock.advance(15)
        control.wake()
        try waitUntil { result.stderr.text.contains("THROTTLED") }
        // serve's own backoff would sync again at 09:00:45 (15 s doubled); CloudKit said 09:06:55.
        for _ in 0..<4 {
            let before = harness.server.requests.count
            clock.advance(100)
            control.wake()
            let end = Date().addingTimeInterval(0.5)
            while harness.server.requests.count == before, Date() < end { Thread.sleep(forTimeInterval: 0.02) }
        }
        try waitUntil { harness.server.requests.count > asked + 1 }
        let requests = harness.server.requests
        XCTAssertEqual(requests[asked].at, Date(timeIntervalSince1970: 1_774_429_215))  // 09:00:15
        XCTAssertEqual(requests[asked + 1].at, Date(timeIntervalSince1970: 1_774_429_615))  // 09:06:55
    }

    func testAStoreWarningIsSaidOnceAcrossSyncsAndAgainAfterTheStoreChanged() throws {
        var broken = ServerRecords.chore("c00009", title: "Kaputt", assignedTo: "m2")
        var fields = broken["fields"]?.objectValue ?? [:]
        fields["isDone"] = ServerRecords.field(.string("yes"), "STRING")
        broken["fields"] = .object(fields)
        harness.server.save([broken])
        let (control, done, result) = try serveSignedIn()
        defer {
            control.stop()
            _ = done.wait(timeout: .now() + 10)
        }
        // Three syncs that bring nothing new, each followed by a build that reads the store.
        for _ in 0..<3 {
            let asked = harness.server.requests.count
            clock.advance(15)
            control.wake()
            try waitUntil { harness.server.requests.count > asked }
        }
        // A chore renamed in iCloud: the store changed, and the record still does not read.
        harness.server.save([ServerRecords.chore("c00001", title: "Katze füttern", assignedTo: "m3")])
        clock.advance(15)
        control.wake()
        try waitUntil { (try? self.fetch("/wall.html", port: control.port))?.contains("Katze füttern") == true }
        control.stop()
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        let warning = #"Chore "Kaputt" (c00009) is skipped: its required field "isDone""#
        XCTAssertEqual(result.stderr.text.components(separatedBy: warning).count - 1, 2, result.stderr.text)
    }

    /// Waits up to five seconds for `condition`.
    private func waitUntil(_ condition: () throws -> Bool, file: StaticString = #filePath, line: UInt = #line) throws {
        let end = Date().addingTimeInterval(5)
        while Date() < end {
            if try condition() { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        XCTFail("waited five seconds in vain", file: file, line: line)
    }
}

/// `aemtli serve` run in-process on a port the system picks, on a thread of its own, pointed at
/// the harness's CloudKit test server and reading `clock`.
enum ServeRunner {
    /// `realWaits`: a sync's retry waits take the time they say, as in a real process; else none.
    /// `zoneFlag`: `--time-zone Europe/Zurich`; without it the zone is the configuration's, else UTC.
    /// `adjust` changes the environment before the start (a seam of a test's own).
    static func start(
        harness: SyncHarness, clock: MovableClock, extra: [String] = [], result: ResultBox = ResultBox(),
        realWaits: Bool = false, zoneFlag: Bool = true, adjust: (inout CommandEnvironment) -> Void = { _ in }
    ) throws -> (ServeControl, DispatchSemaphore) {
        let started = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        let control = ControlBox()
        var environment = CommandEnvironment(
            variables: [
                "XDG_STATE_HOME": harness.folder + "/state", "TZ": "UTC",
                "AEMTLI_CLOUDKIT_API_TOKEN": FakeCloudKit.apiToken,
            ],
            currentDirectory: URL(fileURLWithPath: harness.folder, isDirectory: true), standardOutput: result.stdout,
            standardError: result.stderr, clock: { clock.now })
        let transport = harness.transport
        environment.transport = { transport }
        if !realWaits { environment.sleep = { _ in } }
        environment.serveStarted = {
            // The control first: the test reads it as soon as the semaphore lets it.
            control.value = $0
            started.signal()
        }
        let arguments =
            [
                "serve", "--listen", "127.0.0.1:0", "--sync-every", "15", "--container", FakeCloudKit.container,
                "--environment", "development", "--endpoint", harness.server.endpoint,
            ] + (zoneFlag ? ["--time-zone", "Europe/Zurich"] : []) + extra
        adjust(&environment)
        if SyncHarness.throughChildren { environment.requestChild = try AemtliProcess.binary().path }
        let ready = environment
        Thread.detachNewThread {
            result.code = AemtliCommand.run(arguments, environment: ready)
            started.signal()
            done.signal()
        }
        XCTAssertEqual(started.wait(timeout: .now() + 30), .success, "serve did not start")
        guard let running = control.value else { throw ServeDidNotStart(stderr: result.stderr.text) }
        return (running, done)
    }

    /// Serve signed in as the owner with ticks on, its first sync done, the test server's clock
    /// at serve's (so that a write is of today), and a device paired: its control and the pairing
    /// code `aemtli serve pair` printed.
    static func startWithTicks(
        harness: SyncHarness, clock: MovableClock
    ) throws -> (control: ServeControl, done: DispatchSemaphore, code: String) {
        XCTAssertEqual(harness.loginByPaste(as: FakeCloudKit.owner).exitCode, .success)
        try Data(#"{"ticks": true}"#.utf8).write(to: URL(fileURLWithPath: harness.folder + "/aemtli.json"))
        let (control, done) = try start(harness: harness, clock: clock)
        Thread.sleep(forTimeInterval: 1)
        harness.server.withLock { harness.server.clockMillis = clock.now.millis + 60_000 }
        let code = String(
            harness.aemtli(["serve", "pair", "--name", "Tablet"]).stdout.split(separator: "\n").last ?? "")
        return (control, done, code)
    }

    /// Serve's requests as the program sends them: on Linux each in a child `aemtli` (issue 42),
    /// unless `AEMTLI_BENCHMARK_IN_PROCESS=1` asks to measure them as they were sent before; in
    /// this process elsewhere. For the benchmarks, which measure what a family runs.
    static func requestsAsTheProgramSends(_ environment: inout CommandEnvironment) {
        #if canImport(FoundationNetworking)
        guard ProcessInfo.processInfo.environment["AEMTLI_BENCHMARK_IN_PROCESS"] != "1" else { return }
        environment.requestChild = try? AemtliProcess.binary().path
        #endif
    }

    struct ServeDidNotStart: Error {
        let stderr: String
    }
}

/// A clock a test moves on by hand.
final class MovableClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    init(_ start: Date) {
        current = start
    }

    var now: Date {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    func advance(_ seconds: TimeInterval) {
        lock.lock()
        current = current.addingTimeInterval(seconds)
        lock.unlock()
    }
}

/// What a command run on another thread left.
final class ResultBox: @unchecked Sendable {
    let stdout = BufferOutput()
    let stderr = BufferOutput()
    var code: ExitCode?
}

final class ControlBox: @unchecked Sendable {
    var value: ServeControl?
}

/// An open `GET /_aemtli/events` over a plain socket, read event by event.
final class EventStream {
    private let descriptor: Int32
    private var pending = ""

    init(port: UInt16) throws {
        #if canImport(Glibc)
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
        let request = "GET /_aemtli/events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\n\r\n"
        _ = Array(request.utf8).withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, 0) }
        // The answer's head, then the stream.
        _ = nextBlock(within: 2)
    }

    deinit {
        close(descriptor)
    }

    /// The next `event:` block (heartbeat comments skipped), of the name `name` when given, or nil
    /// when none came in time.
    func nextEvent(named name: String? = nil, within seconds: TimeInterval) -> String? {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            guard let block = nextBlock(within: end.timeIntervalSinceNow) else { return nil }
            if block.hasPrefix("event: " + (name ?? "")) { return block }
        }
        return nil
    }

    /// Text up to the next blank line.
    private func nextBlock(within seconds: TimeInterval) -> String? {
        let end = Date().addingTimeInterval(seconds)
        while true {
            if let range = pending.range(of: "\r\n\r\n") ?? pending.range(of: "\n\n") {
                let block = String(pending[..<range.lowerBound])
                pending = String(pending[range.upperBound...])
                return block
            }
            let left = end.timeIntervalSinceNow
            guard left > 0 else { return nil }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(left * 1000)) > 0 else { return nil }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return nil }
            pending += String(decoding: buffer[..<count], as: UTF8.self)
        }
    }
}
