import AemtliApp
import AemtliCLI
import Foundation
import XCTest

/// `aemtli build` into the folder a running `serve` owns (issue 37, point 4): it asks that serve to
/// build instead, in one line, and never leaves plain pages (no live updates, no Done buttons)
/// under it; a serve that has ended, or one killed, no longer owns the folder.
final class BuildBesideServeTests: XCTestCase {
    private let harness = SyncHarness()
    private let clock = MovableClock(Date(timeIntervalSince1970: 1_774_429_200))  // 2026-03-25T09:00:00Z

    override func setUpWithError() throws {
        try harness.start()
        try Data(#"{"ticks": true}"#.utf8).write(to: URL(fileURLWithPath: harness.folder + "/aemtli.json"))
        // A store of plain files, which serve without a session reads as it is: only a build reads
        // an edit of it.
        let store = harness.aemtli(["demo-store", "--out", "store"])
        XCTAssertEqual(store.exitCode, .success, store.stderr)
    }

    override func tearDown() {
        harness.tearDown()
    }

    private var wallFile: String { harness.folder + "/_site/wall.html" }

    private func wall() -> String {
        (try? String(contentsOfFile: wallFile, encoding: .utf8)) ?? ""
    }

    /// The wall as serve builds it: it follows the event stream and offers Done.
    private func isLive(_ page: String) -> Bool {
        page.contains(#"<body class="wall" data-ticks data-live"#)
    }

    /// The wall as a plain build writes it, for a static host.
    private func isPlain(_ page: String) -> Bool {
        page.contains(#"<body class="wall""#) && !page.contains(" data-live") && !page.contains(" data-ticks")
    }

    private func renameInStore(_ title: String, to new: String) throws {
        let path = harness.folder + "/store/demo-family.json"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(text.contains(title))
        try Data(text.replacingOccurrences(of: title, with: new).utf8).write(to: URL(fileURLWithPath: path))
    }

    func testABuildIntoTheFolderARunningServeOwnsAsksItToRebuildAndTheWallStaysLive() throws {
        let result = ResultBox()
        let (control, done) = try ServeRunner.start(harness: harness, clock: clock, result: result)
        defer {
            control.stop()
            _ = done.wait(timeout: .now() + 10)
        }
        XCTAssertTrue(isLive(wall()), wall())
        try renameInStore("Tisch decken", to: "Tisch abräumen")

        let build = harness.aemtli(["build"])
        XCTAssertEqual(build.exitCode, .success, build.stderr)
        XCTAssertEqual(
            build.stdout,
            "aemtli serve (pid \(getpid())) owns _site; asked it to rebuild with its own settings.\n")
        XCTAssertEqual(build.stderr, "")
        XCTAssertTrue(isLive(wall()), "the build wrote no page of its own")
        XCTAssertFalse(wall().contains("Tisch abräumen"))

        // Serve builds within a second or so, with its live pages.
        let end = Date().addingTimeInterval(5)
        while !wall().contains("Tisch abräumen"), Date() < end { Thread.sleep(forTimeInterval: 0.05) }
        XCTAssertTrue(wall().contains("Tisch abräumen"), result.stderr.text)
        XCTAssertTrue(isLive(wall()), wall())

        // Quiet, as cron runs it: the same, without a word.
        let quiet = harness.aemtli(["build", "--quiet"])
        XCTAssertEqual(quiet.exitCode, .success, quiet.stderr)
        XCTAssertEqual(quiet.stdout + quiet.stderr, "")
    }

    func testASecondServeOnTheFolderARunningServeOwnsIsRefused() throws {
        let (control, done) = try ServeRunner.start(harness: harness, clock: clock)
        defer {
            control.stop()
            _ = done.wait(timeout: .now() + 10)
        }
        let result = ResultBox()
        if let (second, secondDone) = try? ServeRunner.start(harness: harness, clock: clock, result: result) {
            XCTFail("a second serve started on the same folder")
            second.stop()
            _ = secondDone.wait(timeout: .now() + 10)
        }
        XCTAssertEqual(result.code, .cannotCreate)
        XCTAssertEqual(
            result.stderr.text,
            "aemtli: error: aemtli serve (pid \(getpid())) already serves '_site'; stop it first, or pass another --out.\n"
        )
        XCTAssertTrue(isLive(wall()))
    }

    func testAfterServeHasStoppedABuildWritesThePlainPagesAgain() throws {
        let (control, done) = try ServeRunner.start(harness: harness, clock: clock)
        control.stop()
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: harness.folder + "/_site").filter {
                $0.hasPrefix(".aemtli-serve")
            }, [], "serve took its marker away")
        let build = harness.aemtli(["build"])
        XCTAssertEqual(build.exitCode, .success, build.stderr)
        XCTAssertTrue(build.stdout.hasPrefix("Built _site: "), build.stdout)
        XCTAssertTrue(isPlain(wall()), wall())
    }

    /// A serve killed (SIGKILL, a power cut) leaves its marker, but not its lock: the marker of a
    /// process that is gone, or of a pid now another program's, is not a running serve.
    func testTheMarkerOfAServeThatIsGoneIsIgnored() throws {
        try FileManager.default.createDirectory(atPath: harness.folder + "/_site", withIntermediateDirectories: true)
        for pid in [getpid(), 999_999] {
            try Data(#"{"pid": \#(pid), "host": "0.0.0.0", "port": 8080, "ticks": true}"#.utf8)
                .write(to: URL(fileURLWithPath: harness.folder + "/_site/.aemtli-serve"))
            let build = harness.aemtli(["build"])
            XCTAssertEqual(build.exitCode, .success, build.stderr)
            XCTAssertTrue(build.stdout.hasPrefix("Built _site: "), build.stdout)
        }
        XCTAssertTrue(isPlain(wall()), wall())
    }
}
