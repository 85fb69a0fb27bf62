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

    /// A journal of two whole digest blocks and more (demo-store's, 2.7 MB), whose checkpoint
    /// covers it all: read with it, through the machine's block reader and through one made of
    /// `readBytes`, it is what it is without it. A byte changed in either whole block, or the
    /// journal cut inside or after them (found by its length, or by reading when it shrank after
    /// its length was taken), and the checkpoint is passed over: the journal then reads as it
    /// does without one.
    func testAnEditOrACutAmongTheWholeBlocksIsFoundAndTheJournalReadWhole() throws {
        let (harness, files, original) = try demoJournal()
        defer { withExtendedLifetime(harness) {} }  // its folder holds the store
        XCTAssertGreaterThan(original.count, 2 * JournalDigest.blockSize + 100_000)
        let checkpoint = try FileIO.local.readBytes(files.checkpoint.path)
        try check(files, checkpoint, original, covered: original.count, "as made")
        for offset in [1_000, JournalDigest.blockSize + 500_000] {
            try check(files, checkpoint, Self.digitChanged(original, after: offset), covered: 0, "a digit changed after \(offset)")
        }
        for length in [JournalDigest.blockSize + 200_000, 2 * JournalDigest.blockSize + 50_000] {
            let cut = try XCTUnwrap(original[length...].firstIndex(of: 0x0A)) + 1
            try check(files, checkpoint, Array(original[..<cut]), covered: 0, "cut to \(cut) bytes", also: [Self.shrunk])
        }
    }

    /// A checkpoint covering exactly two mebibytes, the end of its bytes the end of a digest
    /// block, so that the blocks are all it covers (found in review: the digest was then never
    /// compared, and an edited journal read as the checkpoint had it). An edit in either block,
    /// with the journal as long or grown, is found; the journal cut short is found too, even
    /// when its length was taken before it shrank (a `length` that says more).
    func testACheckpointEndingWhereABlockEndsIsCheckedToo() throws {
        let (harness, files, original) = try demoJournal()
        defer { withExtendedLifetime(harness) {} }  // its folder holds the store
        let size = 2 * JournalDigest.blockSize
        let lastLine = try XCTUnwrap(original[..<(size - 40)].lastIndex(of: 0x0A)) + 1
        let pad = #"{"pad":""# + String(repeating: "x", count: size - lastLine - 11) + "\"}\n"
        let exact = Array(original[..<lastLine]) + Array(pad.utf8)
        XCTAssertEqual(exact.count, size)
        let grown = exact + original[lastLine...]
        try FileIO.local.writeBytes(exact, files.journal.path)
        try FileManager.default.removeItem(atPath: files.checkpoint.path)
        XCTAssertTrue(try FileIO.local.refreshJournalCheckpoint(files, minimumTail: 0))
        let checkpoint = try FileIO.local.readBytes(files.checkpoint.path)
        XCTAssertEqual(JournalCheckpoint.header(checkpoint)?.bytes, size)
        try check(files, checkpoint, exact, covered: size, "as made")
        try check(files, checkpoint, grown, covered: size, "grown")
        for offset in [1_000, JournalDigest.blockSize + 500_000] {
            try check(files, checkpoint, Self.digitChanged(exact, after: offset), covered: 0, "a digit changed after \(offset)")
            try check(files, checkpoint, Self.digitChanged(grown, after: offset), covered: 0, "grown, a digit changed after \(offset)")
        }
        for length in [JournalDigest.blockSize + 200_000, size - 1] {
            let cut = try XCTUnwrap(exact[..<length].lastIndex(of: 0x0A)) + 1
            try check(files, checkpoint, Array(exact[..<cut]), covered: 0, "cut to \(cut) bytes", also: [Self.shrunk])
        }
    }

    /// The local file system, but telling a journal longer than it is: as if it had shrunk
    /// after its length was taken, so that only reading finds it shorter than the checkpoint.
    private static let shrunk = ("shrunk after its length was taken", FileIO(
        kind: FileIO.local.kind, length: { _ in Int.max }, readBytes: FileIO.local.readBytes, readPieces: FileIO.local.readPieces,
        readBlocks: FileIO.local.readBlocks, names: FileIO.local.names, writeBytes: FileIO.local.writeBytes))

    /// demo-store's journal of 600 chores over 7 weeks (2.7 MB) with its checkpoint, which
    /// covers all of it.
    private func demoJournal() throws -> (CLIHarness, FileIO.JournalFiles, [UInt8]) {
        let harness = try CLIHarness()
        let made = harness.run(["demo-store", "--members", "4", "--chores", "600", "--seed", "2", "--history-weeks", "7", "--out", "store", "--now", "2026-03-25T09:00:00+01:00"])
        XCTAssertEqual(made.exitCode, .success, made.stderr)
        let files = FileIO.JournalFiles(store: FileIO.Place(path: harness.directory.path + "/store", shown: "store"))
        return (harness, files, try FileIO.local.readBytes(files.journal.path))
    }

    /// The first digit 0–8 after `offset` one more: the same length, other bytes.
    private static func digitChanged(_ bytes: [UInt8], after offset: Int) -> [UInt8] {
        var changed = bytes
        if let digit = changed[offset...].firstIndex(where: { (0x30...0x38).contains($0) }) { changed[digit] += 1 }
        XCTAssertNotEqual(changed, bytes)
        return changed
    }

    /// The journal `bytes` read without the checkpoint, then with `checkpoint` by the machine's
    /// reader, one made of `readBytes`, and `also`: the same events, syncs and digest, and
    /// `covered` bytes taken from the checkpoint.
    private func check(_ files: FileIO.JournalFiles, _ checkpoint: [UInt8], _ bytes: [UInt8], covered: Int, _ name: String,
                       also: [(String, FileIO)] = [], line: UInt = #line) throws {
        try FileIO.local.writeBytes(bytes, files.journal.path)
        try? FileManager.default.removeItem(atPath: files.checkpoint.path)
        let without = try FileIO.local.readJournal(files)
        try FileIO.local.writeBytes(checkpoint, files.checkpoint.path)
        for (reader, io) in [("local", FileIO.local), ("of readBytes", FileIO.ofBytes)] + also {
            let with = try io.readJournal(files)
            XCTAssertEqual(with.checkpointBytes, covered, "\(name), \(reader)", line: line)
            XCTAssertEqual(with.journal.events, without.journal.events, "\(name), \(reader)", line: line)
            XCTAssertEqual(with.journal.syncs, without.journal.syncs, "\(name), \(reader)", line: line)
            XCTAssertEqual(with.journal.warnings.map(\.description), without.journal.warnings.map(\.description), "\(name), \(reader)", line: line)
            XCTAssertEqual(with.digest.value, without.digest.value, "\(name), \(reader)", line: line)
            XCTAssertEqual(with.digest.length, UInt64(bytes.count), "\(name), \(reader)", line: line)
        }
    }

    /// A checkpoint of this program whose header says it covers 2^48 bytes, more than the
    /// journal holds: passed over before anything is set aside for that many blocks.
    func testAHeaderNamingMoreBytesThanTheJournalHoldsIsPassedOver() throws {
        let lines = Self.journal()
        let (harness, files) = try storeWithCheckpoint(lines)
        defer { withExtendedLifetime(harness) {} }  // its folder holds the store
        var encoded = try FileIO.local.readBytes(files.checkpoint.path)
        withUnsafeBytes(of: UInt64(1 << 48).littleEndian) { encoded.replaceSubrange(JournalCheckpoint.magicLength..<JournalCheckpoint.magicLength + 8, with: $0) }
        XCTAssertEqual(JournalCheckpoint.header(encoded)?.bytes, 1 << 48)
        try FileIO.local.writeBytes(encoded, files.checkpoint.path)
        let reading = try FileIO.local.readJournal(files)
        XCTAssertEqual(reading.checkpointBytes, 0)
        XCTAssertEqual(reading.digest.length, UInt64((lines.joined(separator: "\n") + "\n").utf8.count))
    }

    /// The local file system, but handing a file over in pieces of 1 to 300 bytes (however many
    /// the reader takes), so that pieces straddle the end of the checkpoint's bytes.
    private static let smallPieces = pieces(first: 1)

    /// As `smallPieces`, the first piece `first` bytes long.
    private static func pieces(first: Int) -> FileIO {
        FileIO(
            kind: FileIO.local.kind, readBytes: FileIO.local.readBytes,
            readPieces: { path, from, body in
                let bytes = try FileIO.local.readBytes(path)
                var (start, size) = (min(from, bytes.count), first)
                while true {
                    let end = min(bytes.count, start + size)
                    let taken = try bytes[start..<end].withUnsafeBufferPointer { try body($0, end == bytes.count) }
                    if end == bytes.count { return }
                    start += taken
                    size = taken == 0 ? size * 2 : (size * 7 + 13) % 300 + 1
                }
            },
            names: FileIO.local.names, writeBytes: FileIO.local.writeBytes)
    }

    /// With the first piece ending one byte before, at, and one byte after the checkpoint's
    /// end: the checkpoint is used for the journal it was made from (and for its first 300
    /// lines, exactly what it covers), and passed over for an
    /// edited one, one cut short (to its first 200 lines) and an empty one, which then read as
    /// they do without it.
    func testPiecesEndingAtTheCheckpointsEndTellItsJournalFromOthers() throws {
        let lines = Self.journal()
        let (harness, files) = try storeWithCheckpoint(lines)
        let covered = lines[..<300].joined(separator: "\n").utf8.count + 1
        let others = [lines.joined(separator: "\n") + "\n", Self.journal(tickAt: 1_772_816_400_000).joined(separator: "\n") + "\n",
                      lines[..<200].joined(separator: "\n") + "\n", lines[..<300].joined(separator: "\n") + "\n", ""]
        for first in [covered - 1, covered, covered + 1] {
            let reader = Self.pieces(first: first)
            for (index, text) in others.enumerated() {
                try harness.write("store/history/done.jsonl", text)
                let with = try reader.readJournal(files)
                XCTAssertEqual(with.checkpointBytes, index == 0 || index == 3 ? covered : 0, "journal \(index), first piece \(first)")
                try FileIO.local.writeBytes(try FileIO.local.readBytes(files.checkpoint.path), harness.directory.path + "/kept")
                try FileManager.default.removeItem(atPath: files.checkpoint.path)
                let without = try reader.readJournal(files)
                try FileManager.default.moveItem(atPath: harness.directory.path + "/kept", toPath: files.checkpoint.path)
                XCTAssertEqual(with.journal.events, without.journal.events, "journal \(index), first piece \(first)")
                XCTAssertEqual(with.journal.syncs, without.journal.syncs)
                XCTAssertEqual(with.journal.warnings.map(\.description), without.journal.warnings.map(\.description))
                XCTAssertEqual(with.digest.value, without.digest.value)
            }
        }
    }

    /// Handed over in small pieces, with a skipped line after the checkpoint and no line feed
    /// at the end: the same journal, warnings and digest with the checkpoint as without it.
    func testSmallPiecesAcrossTheCheckpointReadAsTheWholeJournal() throws {
        var lines = Self.journal()
        lines.insert("{\"event\":\"done\"}", at: 400)
        let (harness, files) = try storeWithCheckpoint(lines)
        try harness.write("store/history/done.jsonl", lines.joined(separator: "\n"))
        let with = try Self.smallPieces.readJournal(files)
        XCTAssertEqual(with.checkpointBytes, lines[..<300].joined(separator: "\n").utf8.count + 1)
        try FileManager.default.removeItem(atPath: files.checkpoint.path)
        let without = try Self.smallPieces.readJournal(files)
        XCTAssertEqual(without.checkpointBytes, 0)
        XCTAssertEqual(with.journal.events, without.journal.events)
        XCTAssertEqual(with.journal.syncs, without.journal.syncs)
        XCTAssertEqual(with.journal.warnings.map(\.description), without.journal.warnings.map(\.description))
        XCTAssertEqual(with.journal.warnings.map(\.file), ["store/history/done.jsonl:3", "store/history/done.jsonl:401"])
        XCTAssertEqual(with.digest.value, without.digest.value)
        XCTAssertFalse(with.endsWithLineFeed)
        XCTAssertFalse(try FileIO.local.refreshJournalCheckpoint(files, minimumTail: 0), "no checkpoint of a line not yet whole")
        XCTAssertFalse(FileManager.default.fileExists(atPath: files.checkpoint.path))
    }

    /// Another program's checkpoint (another writer, sealed as its own) is passed over, and the
    /// next refresh writes this program's in its place, however few lines follow it.
    func testAnotherProgramsCheckpointIsPassedOverAndReplaced() throws {
        let (harness, files) = try storeWithCheckpoint(Self.journal())
        defer { withExtendedLifetime(harness) {} }  // its folder holds the store
        var bytes = try FileIO.local.readBytes(files.checkpoint.path)
        let writer = JournalCheckpoint.magicLength + 32 + 4  // the writer's first hex digit
        bytes[writer] = bytes[writer] == UInt8(ascii: "0") ? UInt8(ascii: "1") : UInt8(ascii: "0")
        var seal = JournalDigest()
        seal.add(Array(bytes.dropLast(16)))
        bytes.replaceSubrange((bytes.count - 16)..., with: withUnsafeBytes(of: seal.value.first.littleEndian, Array.init) + withUnsafeBytes(of: seal.value.second.littleEndian, Array.init))
        XCTAssertNotNil(JournalCheckpoint.decode(bytes), "still a checkpoint, of another writer")
        try FileIO.local.writeBytes(bytes, files.checkpoint.path)
        XCTAssertEqual(try FileIO.local.readJournal(files).checkpointBytes, 0)
        XCTAssertTrue(try FileIO.local.refreshJournalCheckpoint(files))
        XCTAssertEqual(try FileIO.local.readJournal(files).checkpointBytes, try FileIO.local.readBytes(files.journal.path).count)
    }

    /// The checkpoint is no input of the build: a build after deleting it finds nothing changed.
    func testABuildWithoutTheCheckpointFindsNothingChanged() throws {
        let (harness, files) = try storeWithCheckpoint(Self.journal())
        let build = ["build", "--store", "store", "--now", "2026-03-25T09:00:00+01:00", "--time-zone", "Europe/Zurich", "--out", "site"]
        XCTAssertEqual(harness.run(build).exitCode, .success)
        try FileManager.default.removeItem(atPath: files.checkpoint.path)
        let again = harness.run(build)
        XCTAssertEqual(again.exitCode, .success, again.stderr)
        XCTAssertTrue(again.stdout.contains("nothing changed since the last build"), again.stdout)
    }
}
