/// The completion journal's first `bytes` bytes, already read: their ticks, names, syncs and
/// skipped lines, and the digest of those bytes. `aemtli sync` keeps one beside the journal so
/// that a build reads only the lines added since; a reader checks the digest against the
/// journal's own bytes, and ignores a checkpoint that does not match or does not decode.
/// The journal stays the record: a checkpoint is only a faster way to read its start.
///
/// Encoded as bytes, little-endian (see `encoded()`; `decode` checks every count, number and
/// the closing digest, and answers nil for anything else).
public struct JournalCheckpoint: Sendable {
    /// How many bytes of the journal it covers; they end with a line feed.
    public let bytes: Int
    /// How many lines those bytes hold.
    public let lines: Int
    /// The digest of those bytes.
    public let digest: JournalDigest.Value
    /// Which program wrote it, as that program names itself: what a line reads as belongs to the
    /// program that read it, so a reader passes over another program's checkpoint.
    public let writer: String
    /// What those bytes read as.
    let journal: CompletionJournal

    /// The first line of the encoding; a new form of the encoding is a new line.
    static let magic = Array("aemtli journal checkpoint 1\n".utf8)
    /// Its length: the bytes before the counts.
    public static var magicLength: Int { magic.count }

    /// A checkpoint of everything `reader` has read, whose digest is `digest`; nil unless the
    /// bytes read end with a whole line (`endsWithLineFeed`), as a checkpoint must.
    public init?(_ reader: CompletionJournalReader, digest: JournalDigest, endsWithLineFeed: Bool, writer: String) {
        guard endsWithLineFeed, reader.bytesRead > 0, digest.length == UInt64(reader.bytesRead) else { return nil }
        self.init(bytes: reader.bytesRead, lines: reader.linesRead, digest: digest.value, writer: writer, journal: reader.journal())
    }

    init(bytes: Int, lines: Int, digest: JournalDigest.Value, writer: String, journal: CompletionJournal) {
        self.bytes = bytes
        self.lines = lines
        self.digest = digest
        self.writer = writer
        self.journal = journal
    }

    /// The magic line; the bytes and lines covered and their digest; the writer (a 32-bit length
    /// and its UTF-8); the chore and member names
    /// (a count, then each as a 32-bit length and its bytes); the ticks (a count, then time,
    /// chore, assignee or -1, and 0 done or 1 undone, in 8, 4, 4 and 1 bytes); the sync times;
    /// the skipped lines (line number and text); then the digest of everything before it.
    public func encoded() -> [UInt8] {
        var out = Self.magic
        out.reserveCapacity(64 + journal.ticks.count * 17 + journal.syncs.count * 8)
        for word in [UInt64(bytes), UInt64(lines), digest.first, digest.second] { Self.append(word, to: &out) }
        Self.append(UInt32(writer.utf8.count), to: &out)
        out.append(contentsOf: writer.utf8)
        for table in [journal.choreNames, journal.memberNames] {
            Self.append(UInt64(table.count), to: &out)
            table.forEachName { name in
                Self.append(UInt32(name.count), to: &out)
                out.append(contentsOf: name)
            }
        }
        Self.append(UInt64(journal.ticks.count), to: &out)
        for tick in journal.ticks {
            Self.append(UInt64(bitPattern: tick.at), to: &out)
            Self.append(UInt32(bitPattern: tick.chore), to: &out)
            Self.append(UInt32(bitPattern: tick.assignee), to: &out)
            out.append(tick.kind == .done ? 0 : 1)
        }
        Self.append(UInt64(journal.syncs.count), to: &out)
        for sync in journal.syncs { Self.append(UInt64(bitPattern: sync), to: &out) }
        Self.append(UInt64(journal.problems.count), to: &out)
        for problem in journal.problems {
            Self.append(UInt64(problem.line), to: &out)
            Self.append(UInt32(problem.text.utf8.count), to: &out)
            out.append(contentsOf: problem.text.utf8)
        }
        var closing = JournalDigest()
        closing.add(out)
        Self.append(closing.value.first, to: &out)
        Self.append(closing.value.second, to: &out)
        return out
    }

    private static func append<Word: FixedWidthInteger>(_ word: Word, to out: inout [UInt8]) {
        withUnsafeBytes(of: word.littleEndian) { out.append(contentsOf: $0) }
    }
}
