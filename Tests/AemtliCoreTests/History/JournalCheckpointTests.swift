@testable import AemtliCore
import XCTest

final class JournalDigestTests: XCTestCase {
    func testTheDigestIsTheSameHoweverTheBytesAreCut() {
        let bytes = (0..<1_000).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ $0 >> 3) }
        var whole = JournalDigest()
        whole.add(bytes)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<50 {
            var cut = JournalDigest()
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + Int.random(in: 0...40, using: &generator))
                cut.add(Array(bytes[start..<end]))
                start = end
            }
            XCTAssertEqual(cut.value, whole.value)
        }
        XCTAssertEqual(whole.length, 1_000)
    }

    /// Over three mebibytes: whole blocks digested on all cores (one large piece, or pieces
    /// that cross block boundaries) give what pieces of 4 099 bytes, never a whole block, give.
    func testBlocksDigestedOnAllCoresGiveWhatSmallPiecesGive() {
        let bytes = (0..<(3 * JournalDigest.blockSize + 12_345)).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) }
        var small = JournalDigest()
        for start in stride(from: 0, to: bytes.count, by: 4_099) { small.add(Array(bytes[start..<min(bytes.count, start + 4_099)])) }
        var whole = JournalDigest()
        whole.add(bytes)
        XCTAssertEqual(whole.value, small.value)
        var crossing = JournalDigest()
        for cut in [(0, 1_000), (1_000, 2 * JournalDigest.blockSize + 5), (2 * JournalDigest.blockSize + 5, bytes.count)] {
            crossing.add(Array(bytes[cut.0..<cut.1]))
        }
        XCTAssertEqual(crossing.value, small.value)
        // The three whole blocks digested each on its own (as a file's are read on all cores),
        // added in order, then the rest.
        var byBlocks = JournalDigest()
        byBlocks.add(blockValues: bytes.withUnsafeBytes { raw in
            (0..<3).map { JournalDigest.blockValue(UnsafeRawBufferPointer(rebasing: raw[$0 * JournalDigest.blockSize..<($0 + 1) * JournalDigest.blockSize])) }
        })
        XCTAssertEqual(byBlocks.length, UInt64(3 * JournalDigest.blockSize))
        byBlocks.add(Array(bytes[(3 * JournalDigest.blockSize)...]))
        XCTAssertEqual(byBlocks.value, small.value)
        var changed = bytes
        changed[2 * JournalDigest.blockSize + 1] ^= 0x80
        var other = JournalDigest()
        other.add(changed)
        XCTAssertNotEqual(other.value, whole.value)
    }

    func testAnyChangedByteOrLengthChangesTheDigest() {
        let bytes = Array("{\"sync\":1788300000000}\n{\"sync\":1788300900000}\n".utf8)
        var seen: Set<JournalDigest.Value> = []
        for index in bytes.indices {
            var changed = bytes
            changed[index] ^= 0x01
            var digest = JournalDigest()
            digest.add(changed)
            seen.insert(digest.value)
        }
        for length in 0...bytes.count {
            var digest = JournalDigest()
            digest.add(Array(bytes[..<length]))
            seen.insert(digest.value)
        }
        XCTAssertEqual(seen.count, bytes.count * 2 + 1, "every flipped byte and every prefix has a digest of its own")
    }
}

final class JournalCheckpointTests: XCTestCase {
    /// Lines 1–6 go into the checkpoint, 7–10 follow it. Line 3 is not JSON and line 9 names no
    /// chore: both warnings name their line of the whole file. An id spelt with an escape (line
    /// 8) is the same chore as the plain one of the checkpoint.
    private static let lines = [
        #"{"sync":1788300000000}"#,
        #"{"assignedTo":"m1","at":1788300100000,"changeTag":"t1","chore":"C1","event":"done","period":"2026-09-02","title":"Küche"}"#,
        #"{"chore":"#,
        #"{"assignedTo":null,"at":1788300200000,"changeTag":"t2","chore":"C2","event":"undone","period":null,"title":null}"#,
        "",
        #"{"sync":1788300900000}"#,
        #"{"assignedTo":"m2","at":1788301000000,"changeTag":"t3","chore":"C3","event":"done","period":"2026-09-02","title":"Bad"}"#,
        #"{"assignedTo":"m1","at":1788301100000,"chore":"C\u0031","event":"undone","period":"2026-09-02"}"#,
        #"{"event":"done","at":1788301200000}"#,
        #"{"sync":1788301800000}"#,
    ]

    private static func bytes(_ lines: ArraySlice<String>) -> [UInt8] {
        Array(lines.map { $0 + "\n" }.joined().utf8)
    }

    /// `body` with the closing digest of its bytes, as `encoded()` closes a checkpoint.
    private static func sealed(_ body: [UInt8]) -> [UInt8] {
        var digest = JournalDigest()
        digest.add(body)
        return body + withUnsafeBytes(of: digest.value.first.littleEndian, Array.init) + withUnsafeBytes(of: digest.value.second.littleEndian, Array.init)
    }

    /// The checkpoint of the first six lines, encoded and decoded again, as a reader leaves it.
    private func checkpoint(lines count: Int = 6) throws -> (JournalCheckpoint, [UInt8]) {
        let head = Self.bytes(Self.lines[..<count])
        var reader = CompletionJournalReader(file: "done.jsonl", workers: 2)
        var digest = JournalDigest()
        head.withUnsafeBufferPointer { _ = reader.read($0, isEnd: true) { digest.add($0) } }
        let made = try XCTUnwrap(JournalCheckpoint(reader, digest: digest, endsWithLineFeed: true, writer: "tests"))
        let encoded = made.encoded()
        return (try XCTUnwrap(JournalCheckpoint.decode(encoded)), encoded)
    }

    func testACheckpointAndTheLinesAfterItReadAsTheWholeJournal() throws {
        let (checkpoint, _) = try checkpoint()
        XCTAssertEqual(checkpoint.bytes, Self.bytes(Self.lines[..<6]).count)
        XCTAssertEqual(checkpoint.lines, 6)
        var reader = CompletionJournalReader(file: "done.jsonl", workers: 2, after: checkpoint)
        Self.bytes(Self.lines[6...]).withUnsafeBufferPointer { _ = reader.read($0, isEnd: true) }
        let continued = reader.journal()
        XCTAssertEqual(continued.events, [
            JournalEvent(choreID: "C1", kind: .done, at: 1_788_300_100_000, assignedTo: "m1"),
            JournalEvent(choreID: "C2", kind: .undone, at: 1_788_300_200_000, assignedTo: nil),
            JournalEvent(choreID: "C3", kind: .done, at: 1_788_301_000_000, assignedTo: "m2"),
            JournalEvent(choreID: "C1", kind: .undone, at: 1_788_301_100_000, assignedTo: "m1"),
        ])
        XCTAssertEqual(continued.syncs, [1_788_300_000_000, 1_788_300_900_000, 1_788_301_800_000])
        XCTAssertEqual(continued.warnings.map(\.file), ["done.jsonl:3", "done.jsonl:9"])
        XCTAssertEqual(continued.warnings[1].message, "the journal line names no chore; it is skipped.")
        XCTAssertEqual(continued.choreNames.count, 3, "C\\u0031 is C1 of the checkpoint")
        XCTAssertEqual(reader.bytesRead, Self.bytes(Self.lines[...]).count)
        XCTAssertEqual(reader.linesRead, 10)
    }

    /// Read before anything is checked, so that the journal's bytes can be digested while the
    /// rest decodes: the bytes covered and the writer; nil without the magic line or when cut
    /// inside them.
    func testTheHeaderNamesTheBytesCoveredAndTheWriterBeforeDecoding() throws {
        let (_, encoded) = try checkpoint()
        let header = try XCTUnwrap(JournalCheckpoint.header(encoded))
        XCTAssertEqual(header.bytes, Self.bytes(Self.lines[..<6]).count)
        XCTAssertEqual(header.writer, "tests")
        let headerLength = JournalCheckpoint.magicLength + 32 + 4 + 5
        XCTAssertNotNil(JournalCheckpoint.header(Array(encoded[..<headerLength])))
        for length in 0..<headerLength {
            XCTAssertNil(JournalCheckpoint.header(Array(encoded[..<length])), "cut at \(length)")
        }
        var otherMagic = encoded
        otherMagic[3] ^= 0x01
        XCTAssertNil(JournalCheckpoint.header(otherMagic))
    }

    /// Ticks `range` of a made-up journal: 977 chores, 7 members and none, one undone in five.
    private static func events(_ range: Range<Int>) -> [JournalEvent] {
        range.map { (index: Int) -> JournalEvent in
            let kind: JournalEvent.Kind = index % 5 == 0 ? .undone : .done
            let at: Int64 = 1_788_000_000_000 + Int64(index) * 1_000
            let member: String? = index % 3 == 0 ? nil : "m\(index % 7)"
            return JournalEvent(choreID: "C\(index % 977)", kind: kind, at: at, assignedTo: member)
        }
    }

    /// The journal line sync writes for `event`.
    private static func line(_ event: JournalEvent) -> String {
        let member = event.assignedTo.map { "\"\($0)\"" } ?? "null"
        return #"{"assignedTo":\#(member),"at":\#(event.at),"changeTag":"t","chore":"\#(event.choreID)","event":"\#(event.kind.rawValue)","period":null,"title":null}"#
    }

    /// The checkpoint's ticks are copied into the journal in slices: with none, one, one slice
    /// less one, one, one more, and two and one more, and after them no lines, a few, or 1.5 MB
    /// read by two workers in several runs, every tick lands in its place, in order.
    func testACheckpointOfAnyNumberOfTicksReadsOnInOrder() {
        let slice = CompletionJournalReader.baseSlice
        for count in [0, 1, slice - 1, slice, slice + 1, 2 * slice + 1] {
            for tailCount in [0, 3, 12_000] {
                let base = Self.events(0..<count), tail = Self.events(count..<count + tailCount)
                let checkpoint = JournalCheckpoint(bytes: 1, lines: 1, digest: JournalDigest().value, writer: "tests",
                                                   journal: CompletionJournal(events: base, syncs: [1_787_999_000_000]))
                var reader = CompletionJournalReader(file: "done.jsonl", workers: 2, after: checkpoint)
                Array(tail.map { Self.line($0) + "\n" }.joined().utf8).withUnsafeBufferPointer { _ = reader.read($0, isEnd: true) }
                let journal = reader.journal()
                XCTAssertTrue(journal.warnings.isEmpty, "\(count) and \(tailCount)")
                XCTAssertTrue(journal.events == base + tail, "\(count) ticks in the checkpoint, \(tailCount) after")
            }
        }
    }

    func testACheckpointEndsWithAWholeLine() {
        var reader = CompletionJournalReader(file: "done.jsonl")
        var digest = JournalDigest()
        Array(#"{"sync":1788300000000}"#.utf8).withUnsafeBufferPointer { _ = reader.read($0, isEnd: true) { digest.add($0) } }
        XCTAssertNil(JournalCheckpoint(reader, digest: digest, endsWithLineFeed: false, writer: "tests"))
        XCTAssertNil(JournalCheckpoint(CompletionJournalReader(file: "done.jsonl"), digest: JournalDigest(), endsWithLineFeed: true, writer: "tests"), "nothing read")
    }

    func testAnyDamageToTheEncodingDecodesToNothing() throws {
        let (_, encoded) = try checkpoint()
        for index in encoded.indices {
            var damaged = encoded
            damaged[index] ^= 0x20
            XCTAssertNil(JournalCheckpoint.decode(damaged), "byte \(index) changed")
        }
        for length in 0..<encoded.count {
            XCTAssertNil(JournalCheckpoint.decode(Array(encoded[..<length])), "cut to \(length) bytes")
        }
        XCTAssertNil(JournalCheckpoint.decode(encoded + [0]))
    }

    /// Bodies with a matching closing digest that still do not hold: the decoder checks what
    /// it reads, not only the digest.
    func testAResealedBodyThatDoesNotHoldDecodesToNothing() throws {
        let (_, encoded) = try checkpoint()
        let body = Array(encoded.dropLast(16))
        let sealed = Self.sealed
        XCTAssertNotNil(JournalCheckpoint.decode(sealed(body)), "the seal alone is right")
        // The magic line (28 bytes), then bytes, lines, digest (32), the writer "tests" (4 + 5),
        // then the chore names: count 2, "C1", "C2".
        let names = JournalCheckpoint.magic.count + 32 + 4 + 5
        XCTAssertEqual(Array(body[names..<names + 8]), [2, 0, 0, 0, 0, 0, 0, 0])
        var lines = body
        lines[JournalCheckpoint.magic.count + 8] = 0  // no lines
        XCTAssertNil(JournalCheckpoint.decode(sealed(lines)))
        var count = body
        count[names] = 0xFF  // more names than bytes
        XCTAssertNil(JournalCheckpoint.decode(sealed(count)))
        XCTAssertNil(JournalCheckpoint.decode(sealed(body + [0])), "a byte left over")
    }

    /// Names "A", "B", "C" with ticks of A and B only; "B" spelt "A" would make the second
    /// tick C's, as C's number would then be 1.
    func testANameGivenTwiceDecodesToNothing() throws {
        var names = NameTable()
        for name in ["A", "B", "C"] { _ = names.number(of: name) }
        let ticks = [JournalTick(at: 1_000, chore: 0, assignee: -1, kind: .done), JournalTick(at: 2_000, chore: 1, assignee: -1, kind: .done)]
        let journal = CompletionJournal(choreNames: names, memberNames: NameTable(), ticks: ticks, syncs: [500], file: "", problems: [])
        var encoded = JournalCheckpoint(bytes: 100, lines: 3, digest: JournalDigest().value, writer: "tests", journal: journal).encoded()
        XCTAssertEqual(JournalCheckpoint.decode(encoded)?.journal.events.map(\.choreID), ["A", "B"])
        let names2 = JournalCheckpoint.magic.count + 32 + 9 + 8 + 4 + 1 + 4  // the writer, the count, "A", B's length
        XCTAssertEqual(encoded[names2], UInt8(ascii: "B"))
        encoded[names2] = UInt8(ascii: "A")
        XCTAssertNil(JournalCheckpoint.decode(Self.sealed(Array(encoded.dropLast(16)))))
    }

    func testATickNamingNoChoreDecodesToNothing() throws {
        let (checkpoint, _) = try checkpoint()
        let journal = checkpoint.journal
        var ticks = journal.ticks
        ticks[0].chore = Int32(journal.choreNames.count)
        let broken = JournalCheckpoint(bytes: checkpoint.bytes, lines: checkpoint.lines, digest: checkpoint.digest, writer: "tests", journal: CompletionJournal(
            choreNames: journal.choreNames, memberNames: journal.memberNames, ticks: ticks, syncs: journal.syncs, file: "", problems: journal.problems))
        XCTAssertNil(JournalCheckpoint.decode(broken.encoded()))
        ticks[0].chore = 0
        ticks[0].at = JournalLineReader.supported.upperBound + 1
        let late = JournalCheckpoint(bytes: checkpoint.bytes, lines: checkpoint.lines, digest: checkpoint.digest, writer: "tests", journal: CompletionJournal(
            choreNames: journal.choreNames, memberNames: journal.memberNames, ticks: ticks, syncs: journal.syncs, file: "", problems: journal.problems))
        XCTAssertNil(JournalCheckpoint.decode(late.encoded()))
    }
}
