import AemtliCLI
import Foundation
import XCTest

/// Pipes where aemtli looks for a file of its own (the journal, its checkpoint, the sync status,
/// a store file) must not make a command wait for ever for a writer; a device the user names is
/// still read.
final class SpecialFilesTests: XCTestCase {
    private let now = ["--now", "2026-03-25T09:00:00+01:00", "--time-zone", "Europe/Zurich"]

    /// Runs `arguments`, failing the test rather than hanging when a pipe is opened: after 10
    /// seconds each pipe is opened for writing and closed, every 0.1 s until the command ends,
    /// which lets a reader blocked on one go on (and find it empty).
    private func run(_ harness: CLIHarness, _ arguments: [String], pipes: [String]) -> CLIHarness.Run? {
        let result = Outcome()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            result.run = harness.run(arguments)
            done.signal()  // the wait that sees it also sees `run`
        }
        guard done.wait(timeout: .now() + 10) == .timedOut else { return result.run }
        XCTFail("\(arguments.joined(separator: " ")) waited on a pipe")
        repeat {
            for pipe in pipes {
                close(open(harness.directory.appendingPathComponent(pipe).path, O_WRONLY | O_NONBLOCK))
            }
        } while done.wait(timeout: .now() + 0.1) == .timedOut
        return result.run
    }

    /// The command's run, set on the thread that ran it and read after the semaphore says so.
    private final class Outcome: @unchecked Sendable {
        var run: CLIHarness.Run?
    }

    private func makePipe(_ harness: CLIHarness, _ path: String) throws {
        let url = harness.directory.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        XCTAssertEqual(mkfifo(url.path, 0o600), 0, "mkfifo \(path)")
    }

    func testPipesInPlaceOfTheJournalItsCheckpointAndTheStatusAreNotWaitedFor() throws {
        let harness = try CLIHarness()
        try harness.write("store/records.json", HistoryCommandTests.store)
        let pipes = ["store/history/done.jsonl", "store/history/done.checkpoint", "store/cloudkit/status"]
        for pipe in pipes { try makePipe(harness, pipe) }
        let build = try XCTUnwrap(run(harness, ["build", "--store", "store", "--out", "site"] + now, pipes: pipes))
        XCTAssertEqual(build.exitCode, .success, build.stderr)
        let history = try XCTUnwrap(run(harness, ["history", "--store", "store"] + now, pipes: pipes))
        XCTAssertEqual(
            history.stdout, "History begins with the first 'aemtli sync': it records every tick from then on.\n")
    }

    func testAPipeTheCheckpointWouldBeIsPassedOverWhenAJournalIsThere() throws {
        let harness = try CLIHarness()
        try harness.write("store/records.json", HistoryCommandTests.store)
        try harness.write("store/history/done.jsonl", HistoryCommandTests.journal().joined(separator: "\n") + "\n")
        try makePipe(harness, "store/history/done.checkpoint")
        let run = try XCTUnwrap(
            run(
                harness, ["history", "--store", "store", "--format", "tsv", "--weeks", "4"] + now,
                pipes: ["store/history/done.checkpoint"]))
        XCTAssertEqual(run.stdout, HistoryCommandTests.expectedTSV)
    }

    func testAPipeNamedLikeAStoreFileIsAnErrorNamingIt() throws {
        let harness = try CLIHarness()
        try harness.write("store/records.json", HistoryCommandTests.store)
        try makePipe(harness, "store/more.json")
        let run = try XCTUnwrap(run(harness, ["check", "--store", "store"], pipes: ["store/more.json"]))
        XCTAssertEqual(run.exitCode.rawValue, 74)
        XCTAssertEqual(
            run.stderr, "aemtli: error: cannot read \"store/more.json\": it is a pipe, socket or device, not a file.\n")
    }

    func testADeviceTheUserNamesIsStillRead() throws {
        let harness = try CLIHarness()
        try harness.write("t.mustache", "[{{#items}}x{{/items}}]")
        let run = harness.run(["template", "render", "t.mustache", "--data", "/dev/null"])
        XCTAssertNotEqual(run.exitCode, .success, "an empty file is no JSON")
        XCTAssertFalse(run.stderr.contains("not a file"), run.stderr)
        XCTAssertTrue(run.stderr.contains("/dev/null"), run.stderr)
    }
}
