extension JournalCheckpoint {
    /// The checkpoint `encoded()` wrote, or nil for any other bytes: another magic line, a count
    /// beyond the bytes left, a name given twice, a tick naming no name, a time outside the
    /// journal's years, syncs or skipped lines out of order, bytes left over, or a closing
    /// digest that does not match. A checkpoint is only a faster way to read the journal, so
    /// the reader then reads the journal whole, and nothing is said.
    public static func decode(_ encoded: [UInt8]) -> JournalCheckpoint? {
        encoded.withUnsafeBytes { raw -> JournalCheckpoint? in
            guard raw.count >= magic.count + 16, startsWithMagic(raw) else { return nil }
            var closing = JournalDigest()
            closing.add(UnsafeBufferPointer(rebasing: raw.assumingMemoryBound(to: UInt8.self)[..<(raw.count - 16)]))
            let end = Cursor(raw: raw, offset: raw.count - 16)
            guard closing.value == JournalDigest.Value(first: end.word(at: 0), second: end.word(at: 8)) else { return nil }
            var cursor = Cursor(raw: UnsafeRawBufferPointer(rebasing: raw[..<(raw.count - 16)]), offset: magic.count)
            return decodeBody(&cursor)
        }
    }

    /// How many bytes of the journal an encoded checkpoint says it covers, and who wrote it,
    /// read from its start alone, before `decode` checks anything: a reader can begin to digest
    /// those bytes while the checkpoint decodes. Nil when they are not there.
    public static func header(_ encoded: [UInt8]) -> (bytes: Int, writer: String)? {
        encoded.withUnsafeBytes { raw in
            guard startsWithMagic(raw) else { return nil }
            var cursor = Cursor(raw: raw, offset: magic.count)
            return leadingFields(&cursor).map { ($0.bytes, $0.writer) }
        }
    }

    private static func startsWithMagic(_ raw: UnsafeRawBufferPointer) -> Bool {
        raw.count >= magic.count && raw.prefix(magic.count).elementsEqual(magic)
    }

    /// The fields after the magic line that `header` and `decode` both read: the bytes and lines
    /// covered, their digest, and the writer.
    private static func leadingFields(_ cursor: inout Cursor) -> (bytes: Int, lines: Int, digest: JournalDigest.Value, writer: String)? {
        guard let bytes = cursor.number(), let lines = cursor.number(),
              let first = cursor.uint64(), let second = cursor.uint64(), let writer = cursor.text() else { return nil }
        return (bytes, lines, JournalDigest.Value(first: first, second: second), writer)
    }

    private static func decodeBody(_ cursor: inout Cursor) -> JournalCheckpoint? {
        guard let (bytes, lines, digest, writer) = leadingFields(&cursor), bytes > 0, lines > 0, lines <= bytes,
              let chores = names(&cursor), let members = names(&cursor),
              let tickCount = cursor.count(each: 17) else { return nil }
        guard let tickBytes = cursor.take(tickCount * 17), let ticks = Self.ticks(tickBytes, count: tickCount, chores: chores.count, members: members.count) else { return nil }
        guard let syncCount = cursor.count(each: 8) else { return nil }
        var syncs: [Int64] = []
        for _ in 0..<syncCount {
            guard let sync = cursor.uint64().map(Int64.init(bitPattern:)), JournalLineReader.supported.contains(sync),
                  sync >= syncs.last ?? sync else { return nil }
            syncs.append(sync)
        }
        guard let problemCount = cursor.count(each: 12) else { return nil }
        var problems: [JournalProblem] = []
        for _ in 0..<problemCount {
            guard let line = cursor.number(), line >= 1, line <= lines, line > problems.last?.line ?? 0,
                  let text = cursor.text() else { return nil }
            problems.append(JournalProblem(line: line, text: text))
        }
        guard cursor.isAtEnd else { return nil }
        let journal = CompletionJournal(choreNames: chores, memberNames: members, ticks: ticks, syncs: syncs, file: "", problems: problems)
        return JournalCheckpoint(bytes: bytes, lines: lines, digest: digest, writer: writer, journal: journal)
    }

    /// `count` ticks of 17 bytes each (time, chore, assignee, kind), read straight from the
    /// bytes: a year holds half a million. Nil when one names no chore or member, has a time
    /// outside the journal's years, or a kind other than 0 (done) or 1 (undone).
    private static func ticks(_ raw: UnsafeRawBufferPointer, count: Int, chores: Int, members: Int) -> [JournalTick]? {
        var valid = true
        let supported = JournalLineReader.supported
        let ticks = [JournalTick](unsafeUninitializedCapacity: count) { buffer, initialized in
            LargePages.request(buffer)
            for index in 0..<count {
                let offset = index * 17
                let at = Int64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: Int64.self))
                let chore = Int32(littleEndian: raw.loadUnaligned(fromByteOffset: offset + 8, as: Int32.self))
                let assignee = Int32(littleEndian: raw.loadUnaligned(fromByteOffset: offset + 12, as: Int32.self))
                let kind = raw[offset + 16]
                guard supported.contains(at), chore >= 0, Int(chore) < chores,
                      assignee >= -1, Int(assignee) < members, kind <= 1 else { valid = false; break }
                buffer[index] = JournalTick(at: at, chore: chore, assignee: assignee, kind: kind == 0 ? .done : .undone)
                initialized = index + 1
            }
        }
        return valid ? ticks : nil
    }

    /// A count of names, then each; nil when one is given twice (its number would not be its place).
    private static func names(_ cursor: inout Cursor) -> NameTable? {
        guard let count = cursor.count(each: 4), count < Int32.max else { return nil }
        var table = NameTable()
        for number in 0..<count {
            guard let length = cursor.uint32(), let name = cursor.take(Int(length)),
                  table.number(of: name.assumingMemoryBound(to: UInt8.self)) == Int32(number) else { return nil }
        }
        return table
    }

    /// Reads little-endian words and byte runs, never beyond its bytes.
    private struct Cursor {
        let raw: UnsafeRawBufferPointer
        var offset: Int

        var isAtEnd: Bool { offset == raw.count }

        func word(at extra: Int) -> UInt64 {
            UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset + extra, as: UInt64.self))
        }

        mutating func take(_ count: Int) -> UnsafeRawBufferPointer? {
            guard count >= 0, count <= raw.count - offset else { return nil }
            defer { offset += count }
            return UnsafeRawBufferPointer(rebasing: raw[offset..<offset + count])
        }

        mutating func uint64() -> UInt64? {
            take(8).map { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
        }

        mutating func uint32() -> UInt32? {
            take(4).map { UInt32(littleEndian: $0.loadUnaligned(as: UInt32.self)) }
        }

        mutating func uint8() -> UInt8? {
            take(1).map { $0[0] }
        }

        /// A length or a line number: at most 2^48, so that sums of them cannot overflow.
        mutating func number() -> Int? {
            guard let word = uint64(), word <= 1 << 48 else { return nil }
            return Int(word)
        }

        /// A count of things of at least `each` bytes that the bytes left can hold.
        mutating func count(each: Int) -> Int? {
            guard let word = uint64(), word <= UInt64(raw.count - offset) / UInt64(max(1, each)) else { return nil }
            return Int(word)
        }

        /// A 32-bit length, then that many bytes of UTF-8.
        mutating func text() -> String? {
            guard let length = uint32(), let bytes = take(Int(length)) else { return nil }
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}
