import AemtliCore
import AemtliSync

extension FileIO {
    /// A store's completion journal and its checkpoint (`JournalCheckpoint`).
    struct JournalFiles {
        let journal: Place
        let checkpoint: Place

        init(store: Place) {
            journal = store.appending(StoreLayout.journalInStore)
            checkpoint = store.appending(StoreLayout.journalCheckpointInStore)
        }
    }

    /// A journal as read: what it holds, the digest of all its bytes, and how much of it came
    /// from the checkpoint.
    struct JournalReading {
        /// Holds what was read; a new checkpoint is made from it.
        let reader: CompletionJournalReader
        /// Of every byte of the journal.
        let digest: JournalDigest
        /// How many bytes the checkpoint covered; 0 when there was none that matched.
        let checkpointBytes: Int
        let endsWithLineFeed: Bool

        var journal: CompletionJournal { reader.journal() }
    }

    /// The completion journal, read in pieces (a year's is a hundred megabytes and never held at
    /// once); an unreadable one is exit 74, and its warnings name it as shown. When the
    /// checkpoint beside it decodes and this program wrote it, the bytes it covers are only
    /// hashed and the lines after them read; if those bytes turn out not to be the ones it was
    /// made from, the journal is read again, whole, from the start. A checkpoint that cannot be
    /// read is passed over like a damaged one.
    func readJournal(_ files: JournalFiles) throws -> JournalReading {
        let encoded = kind(files.checkpoint.path) == .file ? try? readBytes(files.checkpoint.path) : nil
        do {
            // A header naming more bytes than the journal holds is not its checkpoint (nor a
            // reason to set aside room for that many blocks' digests).
            if let encoded, let header = JournalCheckpoint.header(encoded), header.writer == Self.checkpointWriter,
               header.bytes <= length(files.journal.path) ?? 0,
               case let (checkpoint?, blocks?) = try decode(encoded, alongsideBlocksOf: files.journal, covered: header.bytes) {
                do { return try readJournal(files, after: checkpoint, blocks: blocks) } catch is NotTheJournal {}
            }
            return try readJournal(files, after: nil, blocks: JournalDigest())
        } catch {
            throw CLIError(.readFailed(path: files.journal.shown, detail: Self.describe(error)))
        }
    }

    /// The checkpoint, decoded on one core while the journal's whole digest blocks among the
    /// `covered` bytes its header names are read and digested on the others (a checkpoint that
    /// decodes covers what its header says: both read the same field): nil for one that does
    /// not decode, and nil blocks for a journal shorter than them.
    private func decode(_ encoded: [UInt8], alongsideBlocksOf journal: Place, covered: Int) throws -> (JournalCheckpoint?, JournalDigest?) {
        var checkpoint: JournalCheckpoint?
        var values = [JournalDigest.Value](repeating: JournalDigest.Value(first: 0, second: 0), count: covered / JournalDigest.blockSize)
        let whole = try values.withUnsafeMutableBufferPointer { values in
            let values = values
            return try readBlocks(journal.path, values.count, JournalDigest.blockSize, {
                checkpoint = JournalCheckpoint.decode(encoded)
            }) { values[$0] = JournalDigest.blockValue($1) }
        }
        guard whole else { return (checkpoint, nil) }
        var blocks = JournalDigest()
        blocks.add(blockValues: values)
        return (checkpoint, blocks)
    }

    /// The journal read after `checkpoint`, or whole without one, its digest begun with
    /// `blocks` (of the whole digest blocks the checkpoint covers); throws `NotTheJournal` as
    /// soon as the bytes the checkpoint covers are read and are not the ones it was made from.
    private func readJournal(_ files: JournalFiles, after checkpoint: JournalCheckpoint?, blocks: JournalDigest) throws -> JournalReading {
        var digest = blocks
        /// Once the digest has taken all the bytes the checkpoint covers, they must be the ones
        /// it was made from: checked when the blocks end there, and as pieces reach it.
        func checkCovered() throws {
            if let checkpoint, digest.length == UInt64(checkpoint.bytes), digest.value != checkpoint.digest { throw NotTheJournal() }
        }
        try checkCovered()
        var lastByte: UInt8?
        var reader = CompletionJournalReader(file: files.journal.shown, after: checkpoint)
        try readPieces(files.journal.path, Int(digest.length)) { piece, isEnd in
            var taken = 0
            if let checkpoint, digest.length < UInt64(checkpoint.bytes) {
                taken = min(piece.count, checkpoint.bytes - Int(digest.length))
                digest.add(UnsafeBufferPointer(rebasing: piece[..<taken]))
                try checkCovered()
            }
            let read = reader.read(UnsafeBufferPointer(rebasing: piece[taken...]), isEnd: isEnd) { digest.add($0) }
            if taken + read > 0 { lastByte = piece[taken + read - 1] }
            return taken + read
        }
        // The journal ended before the checkpoint's bytes did.
        if let checkpoint, digest.length < UInt64(checkpoint.bytes) { throw NotTheJournal() }
        return JournalReading(reader: reader, digest: digest, checkpointBytes: checkpoint?.bytes ?? 0, endsWithLineFeed: lastByte == 0x0A)
    }

    /// How this program signs the checkpoints it writes: its version and the executable itself
    /// (`InputFingerprint.programIdentity`), hashed, so that no path is written into the store.
    static let checkpointWriter: String = {
        var fingerprint = InputFingerprint()
        fingerprint.add(AemtliCommand.version)
        fingerprint.add(InputFingerprint.programIdentity)
        return fingerprint.hex
    }()

    /// After a sync: writes a new checkpoint when the journal's lines beyond the one it has (or
    /// all of them, when it has none) reach `minimumTail` bytes, so that a build never reads
    /// more than that many bytes of lines and a checkpoint of a year (about 8.6 MB) is written
    /// every few days, not every 15 minutes; and in place of one that was passed over (damaged,
    /// stale, or another program's), so that builds do not decode it in vain. True when one was
    /// written.
    @discardableResult
    func refreshJournalCheckpoint(_ files: JournalFiles, minimumTail: Int = 1 << 20) throws -> Bool {
        guard kind(files.journal.path) == .file else { return false }
        let reading = try readJournal(files)
        let passedOver = reading.checkpointBytes == 0 && kind(files.checkpoint.path) == .file
        guard passedOver || reading.reader.bytesRead - reading.checkpointBytes >= max(1, minimumTail),
              let checkpoint = JournalCheckpoint(reading.reader, digest: reading.digest, endsWithLineFeed: reading.endsWithLineFeed, writer: Self.checkpointWriter)
        else { return false }
        try write(checkpoint.encoded(), to: files.checkpoint)
        return true
    }
}

/// The bytes a checkpoint covers are not the journal's (edited, or cut short).
private struct NotTheJournal: Error {}
