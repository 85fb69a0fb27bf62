import AemtliCLI
import AemtliSync
import CloudKitTestServer
import Foundation
import XCTest

/// README's path for a parent, against our CloudKit test server: one `aemtli.json` names the served
/// folder, sign in, then the timer's two commands as the cron line and the unit run them. A chore
/// changed in iCloud between two runs reaches the served wall, and a run with nothing to say prints
/// nothing, so cron mails nothing.
final class FirstHourEndToEndTests: XCTestCase {
    private let harness = SyncHarness()

    override func setUpWithError() throws {
        try harness.start()
        harness.seedFamily(chores: 3)
    }

    override func tearDown() {
        harness.tearDown()
    }

    /// `aemtli sync --quiet; aemtli build --quiet`, as `.deploy/aemtli.cron` has it.
    private func timerRun() -> [SyncHarness.Run] {
        [
            harness.aemtli(["sync", "--quiet"] + harness.serverFlags),
            harness.aemtli(["build", "--quiet"] + harness.serverFlags.suffix(4)),
        ]
    }

    func testTheTimersCommandsKeepTheConfiguredFolderCurrentAndSayNothing() throws {
        try Data(#"{"out": "served/chores"}"#.utf8).write(to: URL(fileURLWithPath: harness.folder + "/aemtli.json"))
        XCTAssertEqual(harness.loginByPaste(as: FakeCloudKit.owner).exitCode, .success)
        for run in timerRun() {
            XCTAssertEqual(run.exitCode, .success, run.stderr)
            XCTAssertEqual(run.stdout + run.stderr, "")
        }
        let wall = harness.folder + "/served/chores/wall.html"
        XCTAssertTrue(try String(contentsOfFile: wall, encoding: .utf8).contains("Chore 1"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: harness.folder + "/_site"))

        harness.server.save([ServerRecords.chore("c00001", title: "Katze füttern", assignedTo: "m2")])
        for run in timerRun() {
            XCTAssertEqual(run.exitCode, .success, run.stderr)
            XCTAssertEqual(run.stdout + run.stderr, "")
        }
        XCTAssertTrue(try String(contentsOfFile: wall, encoding: .utf8).contains("Katze füttern"))
        XCTAssertFalse(try String(contentsOfFile: wall, encoding: .utf8).contains("demo family"))
    }
}
