import AemtliCLI
import CloudKitTestServer
import Foundation
import XCTest

/// SPEC §8.6 end to end, as a timer runs it: `aemtli sync; aemtli build` against our CloudKit test
/// server, with the clock set by `--now` for each run. Signed in on Wednesday 2026-03-25 10:00 in
/// Zurich, so the session is expected to end on Wednesday 8 April at 11:00 (summer time by then).
final class FreshnessEndToEndTests: XCTestCase {
    private let harness = SyncHarness()
    private let signedIn = "2026-03-25T10:00:00+01:00"

    override func setUpWithError() throws {
        try harness.start()
        harness.seedFamily(chores: 4)
        XCTAssertEqual(harness.loginByPaste(as: FakeCloudKit.owner).exitCode, .success)
    }

    override func tearDown() {
        harness.tearDown()
    }

    func flags(_ now: String) -> [String] {
        [
            "--container", FakeCloudKit.container, "--environment", "development", "--endpoint",
            harness.server.endpoint,
            "--now", now, "--time-zone", "Europe/Zurich",
        ]
    }

    /// One timer run: sync, then build whatever the sync did. Returns the sync's exit code.
    @discardableResult
    func run(at now: String) -> ExitCode {
        let sync = harness.aemtli(["sync"] + flags(now))
        let build = harness.aemtli(["build", "--store", "store", "--now", now, "--time-zone", "Europe/Zurich"])
        XCTAssertEqual(build.exitCode, .success, build.stderr)
        return sync.exitCode
    }

    func page(_ path: String) throws -> String {
        try String(contentsOfFile: harness.folder + "/_site/" + path, encoding: .utf8)
    }

    var pages: [String] { ["index.html", "wall.html", "members/anna.html"] }

    func testAGoodSyncSaysChoresAsOfAndNothingElse() throws {
        XCTAssertEqual(run(at: signedIn), .success)
        for path in pages {
            let html = try page(path)
            XCTAssertTrue(
                html.contains(#"Chores as of <time id="synced" datetime="2026-03-25T10:00:00+01:00">10:00</time>"#),
                path)
            XCTAssertFalse(
                html.contains("class=\"notices\"") || html.contains("class=\"wall-notices\""), "\(path) has no notice")
        }
    }

    func testARejectedSessionExits77AndEveryPageAsksForASignInAsTheDaysGoOn() throws {
        run(at: signedIn)
        harness.server.inject(FakeFault(.expireSessions))
        XCTAssertEqual(run(at: "2026-03-25T10:15:00+01:00"), .noPermission)
        for path in pages {
            XCTAssertTrue(
                try page(path).contains(
                    "The iCloud sign-in has ended: a parent needs to run &#39;aemtli sync login&#39;"), path)
        }
        XCTAssertEqual(run(at: "2026-03-26T08:00:00+01:00"), .noPermission)
        let wall = try page("wall.html")
        XCTAssertTrue(wall.contains("Thursday, 26 March 2026"), "the wall's day moves on though the data does not")
        XCTAssertTrue(wall.contains(#"<div class="wall-notices" role="status">"#))
        XCTAssertTrue(
            wall.contains("Not updated since Wednesday, 25 March, 10:00: the iCloud sign-in has ended."), wall)
    }

    func testThreeHoursOfOutageSayNotUpdatedAfterStaleAfterMinutesAndTheNextGoodSyncClearsIt() throws {
        run(at: signedIn)
        for _ in 0..<100 { harness.server.inject(FakeFault(.status(503, code: "TRY_AGAIN_LATER"))) }
        // Runs every 15 minutes: at 10:15 … 12:00 the data is at most 2 hours old; at 12:15 it is older.
        for minutes in stride(from: 15, through: 120, by: 15) {
            XCTAssertEqual(run(at: Self.time(minutes)), .temporaryFailure)
            XCTAssertFalse(try page("index.html").contains("Not updated since"), "\(minutes) minutes: not yet stale")
        }
        XCTAssertEqual(run(at: Self.time(135)), .temporaryFailure)
        XCTAssertTrue(
            try page("index.html").contains(
                "Not updated since 10:00: iCloud or the network could not be reached; aemtli keeps trying."))
        XCTAssertTrue(try page("wall.html").contains("Not updated since 10:00"))
        XCTAssertEqual(harness.aemtli(["sync", "status"] + flags(Self.time(135))).exitCode, .temporaryFailure)
        harness.server.withLock { harness.server.faults.removeAll() }
        XCTAssertEqual(run(at: Self.time(180)), .success)
        XCTAssertFalse(try page("index.html").contains("Not updated since"))
        XCTAssertTrue(try page("index.html").contains(#"datetime="2026-03-25T13:00:00+01:00">13:00</time>"#))
    }

    func testThirtySixHoursBeforeTheSessionEndsAParentIsRemindedAndAChildIsNot() throws {
        run(at: signedIn)
        XCTAssertEqual(run(at: "2026-04-06T23:00:00+02:00"), .success)  // 36 hours before 8 April, 11:00
        let index = try page("index.html")
        XCTAssertTrue(
            index.contains(
                "The iCloud sign-in ends soon: a parent should run &#39;aemtli sync login&#39; before Wednesday, 8 April, 11:00."
            ), index)
        let parent = try page("feeds/parent.ics")
        XCTAssertTrue(parent.contains("SUMMARY:Sign in to aemtli again\r\n"), parent)
        XCTAssertTrue(parent.contains("DTSTART;VALUE=DATE:20260407\r\n"), "the day before the end")
        XCTAssertTrue(
            parent.contains(
                "BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:Sign in to aemtli again\r\nTRIGGER:PT8H\r\nEND:VALARM"))
        XCTAssertFalse(try page("feeds/anna.ics").contains("Sign in to aemtli again"), "a child's feed has no reminder")
    }

    func testBeforeASyncMoreThan30MinutesAfterSignInNoPageOrFeedNamesTheTwoWeekEnd() throws {
        // Near the two-week end the notice would show, but "Keep me signed in" is not known yet.
        XCTAssertEqual(run(at: signedIn), .success)
        let build = ["build", "--store", "store", "--time-zone", "Europe/Zurich"]
        let late = harness.aemtli(build + ["--now", "2026-04-07T11:00:00+02:00"])
        XCTAssertEqual(late.exitCode, .success, late.stderr)
        XCTAssertFalse(try page("index.html").contains("The iCloud sign-in ends soon"))
        XCTAssertFalse(try page("wall.html").contains("The iCloud sign-in ends soon"))
        XCTAssertFalse(try page("feeds/parent.ics").contains("Sign in to aemtli again"), "no reminder yet")
        // A sync 40 minutes after sign-in shows the session outlived 30 minutes: the end is known.
        XCTAssertEqual(run(at: "2026-03-25T10:40:00+01:00"), .success)
        XCTAssertTrue(try page("feeds/parent.ics").contains("SUMMARY:Sign in to aemtli again\r\n"))
        XCTAssertEqual(harness.aemtli(build + ["--now", "2026-04-07T11:00:00+02:00"]).exitCode, .success)
        XCTAssertTrue(try page("index.html").contains("The iCloud sign-in ends soon"), "the same build now warns")
    }

    func testTheStatusFileNeverHoldsTheTokenAndAFirstRequestRejectedChangesNoRecordFile() throws {
        harness.server.inject(FakeFault(.expireSessions))
        XCTAssertEqual(harness.aemtli(["sync"] + flags(signedIn)).exitCode, .noPermission)
        let status = try String(contentsOfFile: harness.folder + "/store/cloudkit/status", encoding: .utf8)
        XCTAssertTrue(status.contains("\"result\": \"sign-in\""), status)
        for token in harness.server.issuedTokens { XCTAssertFalse(status.contains(token)) }
        let files =
            (FileManager.default.enumerator(atPath: harness.folder + "/store")?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".json") }
        XCTAssertEqual(files, [], "no page written")
    }

    /// Wednesday 2026-03-25, `minutes` after 10:00 in Zurich.
    static func time(_ minutes: Int) -> String {
        let total = 10 * 60 + minutes
        return String(format: "2026-03-25T%02d:%02d:00+01:00", total / 60, total % 60)
    }
}
