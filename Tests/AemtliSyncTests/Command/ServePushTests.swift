import AemtliApp
import AemtliCLI
import AemtliSync
import CloudKitTestServer
import CloudKitWeb
import Foundation
import JSON
import XCTest

/// `aemtli serve` with push (SPEC §9 "Push") against our CloudKit test server and its webcourier,
/// on real sockets: a change in iCloud reaches an open page within seconds without the clock
/// moving; one subscription, also across a restart; a session that ends stops the long poll; a
/// stop while a poll is held ends serve within 2 s; a long poll that breaks in any of §13.5's ways
/// keeps serve serving, changes still come with the next sync, and push recovers by itself.
final class ServePushTests: XCTestCase {
    private let harness = SyncHarness()
    private let clock = MovableClock(Date(timeIntervalSince1970: 1_774_429_200))  // 2026-03-25T09:00:00Z
    private var courier: FakeCourier { harness.server.courier }

    override func setUpWithError() throws {
        try harness.start()
        harness.seedFamily(chores: 3)
        harness.server.withLock { harness.server.pushEnabled = true }
        // A hold below the long poll's own time limit, which the tests shorten so that a stall ends soon.
        courier.configure(hold: 2)
    }

    override func tearDown() {
        harness.tearDown()
    }

    private struct Serving {
        let control: ServeControl
        let done: DispatchSemaphore
        let result: ResultBox
    }

    /// Signs in as `user` (unless told not to) and serves with push; returns once the long poll is held.
    private func serve(as user: String? = FakeCloudKit.owner, waitForPush: Bool = true) throws -> Serving {
        if let user { XCTAssertEqual(harness.loginByPaste(as: user).exitCode, .success) }
        let result = ResultBox()
        let (control, done) = try ServeRunner.start(harness: harness, clock: clock, result: result) { environment in
            environment.pushTimeouts = (connect: 3, request: 5)
        }
        if waitForPush {
            // The first sync's build on the wall (before it: the demo family), and its long poll.
            try waitUntil("the first sync on the wall") {
                self.fetch("/wall.html", port: control.port).contains("Chore 1")
            }
            try waitUntil("a long poll is held") { self.courier.openPolls == 1 }
        }
        return Serving(control: control, done: done, result: result)
    }

    /// Stops serve, and waits until the courier has seen its long poll go: a serve started next
    /// must not find that one still counted as its own.
    private func stop(_ serving: Serving) {
        serving.control.stop()
        XCTAssertEqual(serving.done.wait(timeout: .now() + 10), .success)
        XCTAssertNoThrow(try waitUntil("the long poll let go") { self.courier.openPolls == 0 })
    }

    private func fetch(_ path: String, port: UInt16) -> String {
        (try? Data(contentsOf: URL(string: "http://127.0.0.1:\(port)\(path)")!)).map {
            String(decoding: $0, as: UTF8.self)
        }
            ?? ""
    }

    private func rename(_ title: String) {
        harness.server.save([ServerRecords.chore("c00001", title: title, assignedTo: "m3")])
    }

    private var syncRequests: Int { harness.server.requests.filter { $0.operation == "changes/database" }.count }

    func testAChangeInICloudReachesTheOpenPageWithinSecondsWithoutThePoll() throws {
        let serving = try serve()
        defer { stop(serving) }
        let stream = try EventStream(port: serving.control.port)
        XCTAssertNotNil(stream.nextEvent(named: "synced", within: 2))
        for round in 0..<3 {
            rename("Runde \(round)")
            let event = try XCTUnwrap(stream.nextEvent(named: "rebuilt", within: 3), serving.result.stderr.text)
            XCTAssertTrue(event.contains("\"/wall.html\""), event)
            XCTAssertTrue(fetch("/wall.html", port: serving.control.port).contains("Runde \(round)"))
        }
        XCTAssertTrue(serving.result.stdout.text.contains("Push: on;"), serving.result.stdout.text)
        XCTAssertEqual(courier.subscriptionCreates.map(\.id), ["aemtli-MainZone"])
        // The address never reaches an output, a page or a file but its own in the state folder.
        XCTAssertFalse(serving.result.stdout.text.contains("tok="))
        XCTAssertFalse(serving.result.stderr.text.contains("tok="))
        XCTAssertEqual(harness.files(holding: "tok="), [])
    }

    func testFramesDuringASyncMakeOneMoreSyncAfterIt() throws {
        let serving = try serve()
        defer { stop(serving) }
        let before = syncRequests
        // The next sync's first request hangs for a second (then its retry answers): three frames
        // come meanwhile.
        harness.server.inject(FakeFault(.hold(seconds: 1), on: "changes/database"))
        courier.send(.object(["ck": .object(["nid": .string("1")])]), toTokensOf: FakeCloudKit.owner)
        try waitUntil("the sync under way") { self.syncRequests == before + 1 }
        for number in 2...4 {
            courier.send(.object(["ck": .object(["nid": .string("\(number)")])]), toTokensOf: FakeCloudKit.owner)
            Thread.sleep(forTimeInterval: 0.1)
        }
        XCTAssertEqual(courier.queuedFrames, 0, "the frames reached serve while it synced")
        // The held request and its retry, then one sync more for the three frames, and no other.
        try waitUntil("one more sync") { self.syncRequests == before + 3 }
        Thread.sleep(forTimeInterval: 1.5)
        XCTAssertEqual(syncRequests, before + 3)
    }

    func testAnIdleAnswerOfNothingIsNoFailure() throws {
        let serving = try serve()
        defer { stop(serving) }
        courier.configure(hold: 0.2, idle: .empty)
        Thread.sleep(forTimeInterval: 2)
        rename("Nach Leerlauf")
        try waitUntil("the change by push") {
            self.fetch("/wall.html", port: serving.control.port).contains("Nach Leerlauf")
        }
        XCTAssertFalse(serving.result.stdout.text.contains("Push: failing"), serving.result.stdout.text)
        XCTAssertEqual(PushStatus.read(store: harness.store)?.state, .on)
    }

    /// A server without push (ours with it off answers `BAD_REQUEST`): said once, asked again
    /// hourly, not at every sync, and serve syncs on as ever.
    func testARefusalIsAskedAboutAgainHourlyAndSyncsGoOn() throws {
        harness.server.withLock { harness.server.pushEnabled = false }
        let serving = try serve(waitForPush: false)
        defer { stop(serving) }
        let asked = { self.harness.server.requests.filter { $0.operation == "subscriptions/list" }.count }
        try waitUntil("push said refused") { serving.result.stdout.text.contains("Push: off, iCloud refused it") }
        XCTAssertEqual(asked(), 1)
        for round in 0..<3 {
            rename("Runde \(round)")
            clock.advance(15)
            serving.control.wake()
            try waitUntil("the change with the sync") {
                self.fetch("/wall.html", port: serving.control.port).contains("Runde \(round)")
            }
        }
        XCTAssertEqual(asked(), 1)
        XCTAssertTrue(
            fetch("/index.html", port: serving.control.port).contains(
                "Changes made in the app show here with the next sync: iCloud refused to tell aemtli of changes."))
        clock.advance(3_600)
        serving.control.wake()
        try waitUntil("asked again after an hour") { asked() == 2 }
        XCTAssertEqual(serving.result.stdout.text.components(separatedBy: "Push: off, iCloud refused it").count, 2)
    }

    func testARestartMakesNoSecondSubscriptionAndKeepsTheAddress() throws {
        stop(try serve())
        let second = try serve(as: nil)
        defer { stop(second) }
        XCTAssertEqual(courier.subscriptionCreates.count, 1)
        let operations = harness.server.requests.map(\.operation)
        XCTAssertEqual(operations.filter { $0 == "subscriptions/list" }.count, 2)
        XCTAssertEqual(operations.filter { $0 == "subscriptions/modify" }.count, 1)
        XCTAssertEqual(operations.filter { $0 == "tokens/create" }.count, 1)
    }

    func testASessionThatEndsStopsTheLongPollAndANewSignInRegistersAgain() throws {
        let serving = try serve()
        defer { stop(serving) }
        harness.server.inject(FakeFault(.expireSessions))
        clock.advance(15)
        serving.control.wake()
        try waitUntil("the long poll stopped") { self.courier.openPolls == 0 }
        try waitUntil("push said off") { serving.result.stdout.text.contains("Push: off until someone signs in") }
        // Changes queue no poll and no sync while nobody is signed in.
        let polls = courier.pollCount
        let asked = harness.server.requests.count
        rename("Ohne Sitzung")
        Thread.sleep(forTimeInterval: 1.5)
        XCTAssertEqual(courier.pollCount, polls)
        XCTAssertEqual(harness.server.requests.count, asked)

        // A new sign-in: the next sync registers again, list before create, with a new address.
        let login = harness.aemtli(
            [
                "sync", "login", "--paste", "--container", FakeCloudKit.container, "--environment", "development",
                "--endpoint", harness.server.endpoint, "--now", "2026-03-25T10:30:00+01:00",
            ], pasted: harness.server.pastedAddress(signingIn: FakeCloudKit.owner))
        XCTAssertEqual(login.exitCode, .success, login.stderr)
        clock.advance(15)
        serving.control.wake()
        try waitUntil("a long poll is held again") { self.courier.openPolls == 1 }
        XCTAssertEqual(courier.subscriptionCreates.count, 1)
        XCTAssertEqual(harness.server.requests.filter { $0.operation == "tokens/create" }.count, 2)
        rename("Wieder da")
        try waitUntil("the change by push") {
            self.fetch("/wall.html", port: serving.control.port).contains("Wieder da")
        }
    }

    func testAStopWhileAPollIsHeldEndsServeWithinTwoSeconds() throws {
        courier.configure(hold: 30)
        let serving = try serve()
        Thread.sleep(forTimeInterval: 0.3)
        XCTAssertEqual(courier.openPolls, 1)
        let asked = Date()
        serving.control.stop()
        XCTAssertEqual(serving.done.wait(timeout: .now() + 2), .success, "serve did not stop within 2 s")
        XCTAssertLessThan(Date().timeIntervalSince(asked), 2)
        XCTAssertEqual(serving.result.code, .success, serving.result.stderr.text)
        try waitUntil("the courier saw the client go", within: 1) { self.courier.openPolls == 0 }
        XCTAssertEqual(PushStatus.read(store: harness.store)?.state, .stopped)
    }

    /// The same with the real process and the real signal, and the long poll's own time limits.
    func testSIGTERMWhileAPollIsHeldEndsTheServeProcessWithinTwoSeconds() throws {
        courier.configure(hold: 30)
        XCTAssertEqual(harness.loginByPaste(as: FakeCloudKit.owner).exitCode, .success)
        let (serve, _) = try AemtliProcess(harness: harness).serve(output: Pipe())
        defer {
            if serve.isRunning { kill(serve.processIdentifier, SIGKILL) }
            serve.waitUntilExit()
        }
        try waitUntil("a long poll is held", within: 30) { self.courier.openPolls == 1 }
        Thread.sleep(forTimeInterval: 0.3)
        let asked = Date()
        kill(serve.processIdentifier, SIGTERM)
        while serve.isRunning, Date().timeIntervalSince(asked) < 5 { Thread.sleep(forTimeInterval: 0.01) }
        XCTAssertLessThan(Date().timeIntervalSince(asked), 2, "serve did not end within 2 s of SIGTERM")
        XCTAssertEqual(serve.terminationReason, .exit)
        XCTAssertEqual(serve.terminationStatus, 0)
        XCTAssertEqual(PushStatus.read(store: harness.store)?.state, .stopped)
    }

    /// Each fault of CLOUDKIT.md §13.5, one after another in one serve: the change still comes
    /// with the next sync (the clock moved on by `syncEverySeconds`, then two seconds at most), serve
    /// says nothing is wrong, and push recovers by itself (the next change comes without the clock).
    func testEveryLongPollFaultKeepsServingAndPushRecovers() throws {
        let serving = try serve()
        defer { stop(serving) }
        let faults: [(String, () -> Void)] = [
            ("reset", { self.courier.inject(.reset) }), ("cut", { self.courier.inject(.cutFrame) }),
            ("malformed", { self.courier.inject(.malformed) }), ("html", { self.courier.inject(.html) }),
            ("stall", { self.courier.inject(.stall) }), ("slow", { self.courier.inject(.slow(seconds: 1)) }),
            ("503", { self.courier.inject(.status(503)) }), ("500", { self.courier.inject(.status(500)) }),
            ("dropped", { self.courier.dropFrames(1) }),
        ]
        for (name, inject) in faults {
            inject()
            rename("Fehler \(name)")
            clock.advance(15)
            serving.control.wake()
            // A second for the sync and the build, as ServeEndToEndTests gives them, and as much
            // again for a debug build on a busy machine.
            try waitUntil("\(name): the change with the next sync", within: 2) {
                self.fetch("/wall.html", port: serving.control.port).contains("Fehler \(name)")
            }
            rename("Erholt \(name)")
            try waitUntil("\(name): push recovered", within: 6) {
                self.fetch("/wall.html", port: serving.control.port).contains("Erholt \(name)")
            }
            XCTAssertEqual(courier.pendingFaults, 0, "\(name) happened")
        }
        XCTAssertEqual(serving.result.code, nil, "serve still runs")
        XCTAssertFalse(serving.result.stderr.text.contains("warning"), serving.result.stderr.text)
    }

    func testTheLongPollFailingAgainAndAgainIsSaidAndRecovers() throws {
        let serving = try serve()
        defer { stop(serving) }
        let created = { self.harness.server.requests.filter { $0.operation == "tokens/create" }.count }
        // Five failures in a row: failing from the third (backing off 0.01, 0.1, 1, 2 s), and a new
        // address after the fifth.
        for _ in 0..<5 { courier.inject(.status(500)) }
        courier.configure(hold: 0.05)
        try waitUntil("push said failing") { serving.result.stdout.text.contains("Push: failing (HTTP 500)") }
        try waitUntil("the status file says failing") { PushStatus.read(store: self.harness.store)?.state == .failing }
        try waitUntil("a new address after the fifth", within: 8) { created() == 2 }
        try waitUntil("push on again", within: 4) { PushStatus.read(store: self.harness.store)?.state == .on }
        courier.configure(hold: 2)
        // The address expires: a new one after the sync it asks for, without the clock.
        courier.expireTokens()
        try waitUntil("a new address after a 404") { created() == 3 && self.courier.openPolls == 1 }
        rename("Neue Adresse")
        try waitUntil("the change by push") {
            self.fetch("/wall.html", port: serving.control.port).contains("Neue Adresse")
        }
    }

    func testAFrameForAnotherZoneOrOfAnotherShapeOnlyHastensASync() throws {
        let serving = try serve()
        defer { stop(serving) }
        let wall = fetch("/wall.html", port: serving.control.port)
        let asked = syncRequests
        let other: JSONValue = .object([
            "ck": .object([
                "nid": .string("x"),
                "fet": .object(["zid": .string("OtherZone"), "zoid": .string("_someone"), "dbs": .integer(1)]),
            ])
        ])
        courier.send(other, toTokensOf: FakeCloudKit.owner)
        courier.send(
            .object(["ck": .object(["qry": .string("nonsense"), "rid": .array([])])]), toTokensOf: FakeCloudKit.owner)
        try waitUntil("a sync") { self.syncRequests > asked }
        XCTAssertEqual(fetch("/wall.html", port: serving.control.port), wall)
        XCTAssertFalse(serving.result.stderr.text.contains("warning"), serving.result.stderr.text)
    }

    func testAParticipantsServeSubscribesInTheSharedDatabase() throws {
        let serving = try serve(as: FakeCloudKit.member)
        defer { stop(serving) }
        let created = try XCTUnwrap(courier.subscriptionCreates.first)
        XCTAssertEqual(created.database, "shared")
        XCTAssertEqual(created.id, "aemtli-shared")
        XCTAssertEqual(created.body["subscriptionType"], .string("database"))
        rename("Geteilt")
        try waitUntil("the change by push") { self.fetch("/wall.html", port: serving.control.port).contains("Geteilt") }
    }

    func testSyncStatusCheckAndTheDashboardSayWhetherChangesArriveWithinSeconds() throws {
        let before = harness.aemtli(["sync", "status"] + harness.serverFlags)
        XCTAssertTrue(before.stdout.contains("Push: off; nobody is signed in"), before.stdout)
        let serving = try serve()
        let on = "Changes made in the app show here within seconds."
        try waitUntil("the dashboard says push is on") {
            self.fetch("/index.html", port: serving.control.port).contains(on)
        }
        XCTAssertFalse(fetch("/wall.html", port: serving.control.port).contains(on), "the parents' page only")
        let status = harness.aemtli(["sync", "status"] + harness.serverFlags)
        XCTAssertTrue(status.stdout.contains("\nPush: on since "), status.stdout)
        XCTAssertTrue(status.stdout.contains("changes arrive within seconds ('aemtli serve' listens)."), status.stdout)
        let check = harness.aemtli(["check", "--time-zone", "Europe/Zurich"])
        XCTAssertTrue(check.stdout.contains("Push: on since "), check.stdout)

        // Failing again and again: said with the time it began, and changes come with the next sync.
        for _ in 0..<5 { courier.inject(.status(503)) }
        courier.configure(hold: 0.05)
        let failing =
            "Changes made in the app show here with the next sync: the connection that tells aemtli of changes has failed since 10:00."
        try waitUntil("the dashboard says push fails") {
            self.fetch("/index.html", port: serving.control.port).contains(failing)
        }
        let failed = harness.aemtli(["sync", "status"] + harness.serverFlags)
        XCTAssertTrue(
            failed.stdout.contains(
                "Push: off; the long poll has been failing since Wednesday, 25 March 2026, 10:00 (HTTP 503)"),
            failed.stdout)
        courier.configure(hold: 2)
        try waitUntil("the dashboard says push is on again", within: 10) {
            self.fetch("/index.html", port: serving.control.port).contains(on)
        }
        stop(serving)

        let after = harness.aemtli(["sync", "status"] + harness.serverFlags)
        XCTAssertTrue(after.stdout.contains("Push: off; 'aemtli serve' is not running"), after.stdout)
        // Signing out forgets the address, and leaves the subscription in iCloud.
        let logout = harness.aemtli(["sync", "logout"] + harness.serverFlags)
        XCTAssertTrue(logout.stdout.contains("its subscription stays in iCloud"), logout.stdout)
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: harness.stateFolder + "/push-\(FakeCloudKit.container)-development"))
        XCTAssertEqual(courier.allSubscriptions.count, 1)
        // README's way to remove it: sign in, then sign out deleting it first.
        XCTAssertEqual(harness.loginByPaste(as: FakeCloudKit.owner).exitCode, .success)
        let unsubscribed = harness.aemtli(["sync", "logout", "--unsubscribe"] + harness.serverFlags)
        XCTAssertEqual(unsubscribed.exitCode, .success, unsubscribed.stderr)
        XCTAssertTrue(unsubscribed.stdout.hasPrefix("Push's subscription is deleted from iCloud.\nSigned out"))
        XCTAssertEqual(courier.allSubscriptions.count, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: harness.sessionStore.path))
    }

    /// Waits up to `within` seconds for `condition` (ten by default: a debug build on a busy machine).
    private func waitUntil(
        _ what: String, within seconds: TimeInterval = 10, file: StaticString = #filePath, line: UInt = #line,
        _ condition: () throws -> Bool
    ) throws {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if try condition() { return }
            Thread.sleep(forTimeInterval: 0.02)
        }
        XCTFail("waited \(seconds) s in vain for \(what)", file: file, line: line)
    }
}
