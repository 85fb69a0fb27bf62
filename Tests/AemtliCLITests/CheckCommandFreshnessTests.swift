import AemtliCLI
import XCTest

/// `aemtli check` on a synced store: the last run from `cloudkit/status` and what the pages say of
/// it (SPEC §8.6). Times worked out by hand: Zurich is UTC+1 in November, and 2026-11-22 is a Sunday.
final class CheckCommandFreshnessTests: XCTestCase {
    let now = "2026-11-22T10:00:00+01:00"

    func check(status: String) throws -> CLIHarness.Run {
        let harness = try CLIHarness()
        try harness.write("store/family.json", #"{"records": [\#(CheckCommandTests.member("M1", "Anna", "child"))]}"#)
        try harness.write("store/cloudkit/status", status)
        let run = harness.run("check", "--store", "store", "--now", now, "--time-zone", "Europe/Zurich")
        XCTAssertEqual(run.exitCode, .success, run.stderr)
        return run
    }

    func testAGoodRunShowsChoresAsOfAndNoNotice() throws {
        let run = try check(
            status: """
                {"ranAt": "2026-11-22T08:45:00Z", "result": "ok", "lastSuccess": "2026-11-22T08:45:00Z", "sessionExpectedEnd": "2026-12-06T08:00:00Z"}
                """)
        XCTAssertTrue(
            run.stdout.hasSuffix(
                """
                Synced: last run Sunday, 22 November, 09:45, ok; last success Sunday, 22 November, 09:45; the session ends about Sunday, 6 December, 09:00.
                Pages show: Chores as of 09:45, no notice.

                """), run.stdout)
    }

    /// A day without a good run is stale; the session ending in 24 hours is within the 48 of §8.6.
    func testAFailingRunShowsEveryNoticeInOrder() throws {
        let run = try check(
            status: """
                {"ranAt": "2026-11-22T08:45:00Z", "result": "temporary", "lastSuccess": "2026-11-21T07:30:00Z", "sessionExpectedEnd": "2026-11-23T09:00:00Z"}
                """)
        XCTAssertTrue(
            run.stdout.hasSuffix(
                """
                Synced: last run Sunday, 22 November, 09:45, temporary; last success Saturday, 21 November, 08:30; the session ends about Monday, 23 November, 10:00.
                Pages show: Not updated since Saturday, 21 November, 08:30: iCloud or the network could not be reached; aemtli keeps trying. \
                The iCloud sign-in ends soon: a parent should run 'aemtli sync login' before Monday, 23 November, 10:00.

                """), run.stdout)
    }

    /// With no end known (no session, or one that ended) the sentence leaves the session out
    /// rather than say "(none known)"; the notice below says what a parent does.
    func testARunThatNeverSucceededSaysNeverAndNoSessionEnd() throws {
        let run = try check(status: #"{"ranAt": "2026-11-22T08:45:00Z", "result": "sign-in"}"#)
        XCTAssertTrue(
            run.stdout.hasSuffix(
                """
                Synced: last run Sunday, 22 November, 09:45, sign-in; last success never.
                Pages show: The iCloud sign-in has ended: a parent needs to run 'aemtli sync login' on the home server; until then the chores shown are not updated. \
                The chores have not been brought from iCloud yet. The iCloud sign-in has ended.

                """), run.stdout)
    }
}
