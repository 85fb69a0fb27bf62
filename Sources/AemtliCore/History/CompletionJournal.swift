/// `STORE/history/done.jsonl` read into typed values: its done/undone lines in file order and the
/// times of the syncs that watched (SPEC §8.5). A line that is not one of the two shapes is a
/// warning naming the file and the line, and is skipped; nothing in a journal stops a run.
///
/// A family's journal stays small (sync writes a sync line at most about once an hour), so it is
/// read whole, a line at a time, with the one JSON parser.
public struct CompletionJournal: Sendable {
    /// The done and undone lines in file order.
    public let events: [JournalEvent]
    /// When each successful sync ran, in milliseconds since 1970, ascending.
    public let syncs: [Int64]
    /// One warning for each line skipped, naming the file and the line.
    public let warnings: [StoreDiagnostic]

    public init(events: [JournalEvent] = [], syncs: [Int64] = [], warnings: [StoreDiagnostic] = []) {
        self.events = events
        self.syncs = syncs.sorted()
        self.warnings = warnings
    }

    /// True when the journal holds no line History can use: history has not begun.
    public var isEmpty: Bool { events.isEmpty && syncs.isEmpty }

    /// Reads the journal's bytes; `file` names it in warnings. Blank lines are passed over.
    public static func parse(_ bytes: [UInt8], file: String) -> CompletionJournal {
        var events: [JournalEvent] = []
        var syncs: [Int64] = []
        var warnings: [StoreDiagnostic] = []
        for (index, line) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            switch JournalLine.parse(line) {
            case .success(.sync(let millis)): syncs.append(millis)
            case .success(.event(let event)): events.append(event)
            case .failure(let unreadable):
                warnings.append(
                    StoreDiagnostic(
                        .warning, file: "\(file):\(index + 1)", "the journal line \(unreadable.problem); it is skipped."
                    ))
            }
        }
        return CompletionJournal(events: events, syncs: syncs, warnings: warnings)
    }
}
