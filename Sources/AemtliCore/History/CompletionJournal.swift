import JSON

/// `STORE/history/done.jsonl` read once into typed values: its done/undone events in file order
/// and the times of the syncs that watched (SPEC §8.5). A line that is not one of the two shapes
/// is a warning naming the file and the line, and is skipped; nothing in a journal stops a run.
public struct CompletionJournal: Sendable {
    public var events: [JournalEvent]
    /// When each successful sync ran, in milliseconds since 1970, ascending.
    public var syncs: [Int64]
    public var warnings: [StoreDiagnostic]

    public init(events: [JournalEvent] = [], syncs: [Int64] = [], warnings: [StoreDiagnostic] = []) {
        self.events = events
        self.syncs = syncs.sorted()
        self.warnings = warnings
    }

    /// True when the journal holds no line History can use: history has not begun.
    public var isEmpty: Bool { events.isEmpty && syncs.isEmpty }

    /// Parses the journal's bytes; `file` names it in warnings. Lines are parsed on all cores.
    public static func parse(_ bytes: [UInt8], file: String) -> CompletionJournal {
        var starts: [Int] = [0]
        for index in bytes.indices where bytes[index] == 0x0A { starts.append(index + 1) }
        let lineCount = starts.count
        let chunks = ParallelMap.chunks(lineCount, size: 16_384) { range -> CompletionJournal in
            var reader = JournalLineReader(file: file)
            for line in range {
                let end = line + 1 < lineCount ? starts[line + 1] - 1 : bytes.count
                reader.read(bytes[starts[line]..<end], number: line + 1)
            }
            return CompletionJournal(events: reader.events, syncs: reader.syncs, warnings: reader.warnings)
        }
        var result = CompletionJournal()
        for chunk in chunks {
            result.events += chunk.events
            result.syncs += chunk.syncs
            result.warnings += chunk.warnings
        }
        result.syncs.sort()
        return result
    }
}
