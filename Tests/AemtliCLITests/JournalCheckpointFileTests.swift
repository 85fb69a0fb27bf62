@testable import AemtliCLI
import AemtliCore
import Foundation
import XCTest

/// The checkpoint beside the journal (`STORE/history/done.checkpoint`): a build and `aemtli
/// history` read only the lines after it, and show what they show without it.
final class JournalCheckpointFileTests: XCTestCase {
    private let flags = ["--store", "store", "--now", "2026-03-25T09:00:00+01:00", "--time-zone", "Europe/Zurich", "--weeks", "4"]

    /// The journal of `HistoryCommandTests.testTSVHasOneLinePerPeriodWithMarkAndLocalTick`.
    private static func journal(tickAt: Int64 = 1_772_791_200_000) -> [String] {
        HistoryCommandTests.journal(tickAt: tickAt)
    }

    /// A store whose checkpoint covers the journal's first 300 lines, and then the whole journal.
    private func storeWithCheckpoint(_ lines: [String]) throws -> (CLIHarness, FileIO.JournalFiles) {
        let harness = try CLIHarness()
        try harness.write("store/records.json", HistoryCommandTests.store)
        try harness.write("store/history/done.jsonl", lines[..<300].joined(separator: "\n") + "\n")
        let files = FileIO.JournalFiles(store: FileIO.Place(path: harness.directory.path + "/store", shown: "store"))
        XCTAssertTrue(try FileIO.local.refreshJournalCheckpoint(files, minimumTail: 0))
        try harness.write("store/history/done.jsonl", lines.joined(separator: "\n") + "\n")
        return (harness, files)
    }

    func testTheLinesAfterTheCheckpointAreReadOnTopOfIt() throws {
        let lines = Self.journal()
        let (harness, files) = try storeWithCheckpoint(lines)
        XCTAssertEqual(try FileIO.local.readJournal(files).checkpointBytes, lines[..<300].joined(separator: "\n").utf8.count + 1)
        let run = harness.run(["history", "--format", "tsv"] + flags)
        XCTAssertEqual(run.exitCode, .success, run.stderr)
        XCTAssertEqual(run.stdout, HistoryCommandTests.expectedTSV, "worked out by hand in HistoryCommandTests")
        XCTAssertTrue(run.stderr.hasPrefix("aemtli: warning: store/history/done.jsonl:3: the journal line is not valid JSON"), run.stderr)
    }

    /// The journal's start is edited after the checkpoint was made (the tick moved to 17:00Z,
    /// 18:00 CET, after the 17:00 deadline, same length): the digest tells, and the journal is
    /// read whole.
    func testACheckpointOfAnEditedJournalIsPassedOver() throws {
        let (harness, files) = try storeWithCheckpoint(Self.journal())
        try harness.write("store/history/done.jsonl", Self.journal(tickAt: 1_772_816_400_000).joined(separator: "\n") + "\n")
        XCTAssertEqual(try FileIO.local.readJournal(files).checkpointBytes, 0)
        let run = harness.run(["history", "--format", "tsv"] + flags)
        XCTAssertEqual(run.exitCode, .success, run.stderr)
        XCTAssertTrue(run.stdout.hasPrefix("2026-03-02\tC1\tanna\tlate\t2026-03-06T18:00\n"), run.stdout)
    }

    /// Cut shorter than the checkpoint, damaged, or not a file: the journal is read whole.
    func testACheckpointThatDoesNotFitIsPassedOver() throws {
        let lines = Self.journal()
        let (harness, files) = try storeWithCheckpoint(lines)
        let expected = harness.run(["history", "--format", "tsv"] + flags)
        try harness.write("store/history/done.jsonl", lines[..<200].joined(separator: "\n") + "\n")
        XCTAssertEqual(try FileIO.local.readJournal(files).checkpointBytes, 0, "the journal is shorter than the checkpoint")
        XCTAssertEqual(try FileIO.local.readJournal(files).journal.syncs.count, 198)
        try harness.write("store/history/done.jsonl", lines.joined(separator: "\n") + "\n")
        var damaged = try FileIO.local.readBytes(files.checkpoint.path)
        damaged[damaged.count / 2] ^= 0x04
        try FileIO.local.writeBytes(damaged, files.checkpoint.path)
        XCTAssertEqual(try FileIO.local.readJournal(files).checkpointBytes, 0)
        XCTAssertEqual(harness.run(["history", "--format", "tsv"] + flags).stdout, expected.stdout)
        try FileManager.default.removeItem(atPath: files.checkpoint.path)
        try FileManager.default.createDirectory(atPath: files.checkpoint.path, withIntermediateDirectories: false)
        XCTAssertEqual(harness.run(["history", "--format", "tsv"] + flags).stdout, expected.stdout)
    }

    /// demo-store leaves a checkpoint as sync does once the journal passes a mebibyte; a build
    /// with it, with a damaged one and with none writes the same site, byte for byte.
    func testABuildWritesTheSameSiteWithTheCheckpointWithoutItAndWithADamagedOne() throws {
        let harness = try CLIHarness()
        let now = ["--now", "2026-03-25T09:00:00+01:00"]
        let made = harness.run(["demo-store", "--members", "4", "--chores", "240", "--seed", "2", "--history-weeks", "7", "--out", "store"] + now)
        XCTAssertEqual(made.exitCode, .success, made.stderr)
        XCTAssertEqual(made.stdout, "Wrote 4 files to store; try 'aemtli check --store store'.\n")
        let checkpoint = harness.directory.appendingPathComponent("store/history/done.checkpoint")
        let files = FileIO.JournalFiles(store: FileIO.Place(path: harness.directory.path + "/store", shown: "store"))
        XCTAssertEqual(try FileIO.local.readJournal(files).checkpointBytes, try FileIO.local.readBytes(files.journal.path).count)
        let build = ["build", "--store", "store", "--time-zone", "Europe/Zurich"] + now
        XCTAssertEqual(harness.run(build + ["--out", "with"]).exitCode, .success)
        var damaged = try Data(contentsOf: checkpoint)
        damaged[damaged.count - 40] ^= 0x01
        try damaged.write(to: checkpoint)
        XCTAssertEqual(harness.run(build + ["--out", "damaged"]).exitCode, .success)
        try FileManager.default.removeItem(at: checkpoint)
        XCTAssertEqual(harness.run(build + ["--out", "without"]).exitCode, .success)
        let names = harness.files(in: "with")
        XCTAssertFalse(try harness.read("with/index.html").contains("History begins with the first"), "the site shows history")
        XCTAssertEqual(harness.files(in: "without"), names)
        XCTAssertEqual(harness.files(in: "damaged"), names)
        func bytes(_ path: String) throws -> Data { try Data(contentsOf: harness.directory.appendingPathComponent(path)) }
        for name in names {
            XCTAssertEqual(try bytes("without/" + name), try bytes("with/" + name), name)
            XCTAssertEqual(try bytes("damaged/" + name), try bytes("with/" + name), name)
        }
    }
}
