import Foundation

/// `STORE/history/done.jsonl` read once into typed values: its done/undone lines in file order
/// and the times of the syncs that watched (SPEC §8.5). A line that is not one of the two shapes
/// is a warning naming the file and the line, and is skipped; nothing in a journal stops a run.
public struct CompletionJournal: Sendable {
    /// The chore and member ids the lines name, each once.
    let names: [String]
    /// The done and undone lines in file order.
    let ticks: [JournalTick]
    /// When each successful sync ran, in milliseconds since 1970, ascending.
    public let syncs: [Int64]
    public let warnings: [StoreDiagnostic]

    public init(events: [JournalEvent] = [], syncs: [Int64] = [], warnings: [StoreDiagnostic] = []) {
        var names = NameTable()
        ticks = events.map { JournalTick(at: $0.at, chore: names.number(of: $0.choreID), assignee: $0.assignedTo.map { names.number(of: $0) } ?? -1, kind: $0.kind) }
        self.names = names.names
        self.syncs = syncs.sorted()
        self.warnings = warnings
    }

    private init(names: [String], ticks: [JournalTick], syncs: [Int64], warnings: [StoreDiagnostic]) {
        self.names = names
        self.ticks = ticks
        self.syncs = syncs
        self.warnings = warnings
    }

    /// The done and undone lines in file order.
    public var events: [JournalEvent] {
        ticks.map { JournalEvent(choreID: names[Int($0.chore)], kind: $0.kind, at: $0.at, assignedTo: name($0.assignee)) }
    }

    /// True when the journal holds no line History can use: history has not begun.
    public var isEmpty: Bool { ticks.isEmpty && syncs.isEmpty }

    func name(_ number: Int32) -> String? {
        number < 0 ? nil : names[Int(number)]
    }

    /// Parses the journal's bytes; `file` names it in warnings. The bytes are read in pieces
    /// that end at line ends, one piece per worker, on all cores. `quickPaths: false` reads every
    /// line with the full JSON parser, slowly: the reading the quick paths must agree with, for
    /// tests and the fuzz target.
    public static func parse(_ bytes: [UInt8], file: String, quickPaths: Bool = true) -> CompletionJournal {
        bytes.withUnsafeBufferPointer { buffer in
            let pieces = Self.pieces(buffer, count: buffer.count < 1 << 20 ? 1 : 8)
            let read = ParallelMap.chunks(pieces.count, size: 1) { range -> (JournalLineReader, lines: Int) in
                let piece = range.lowerBound
                var reader = JournalLineReader(file: file)
                reader.usesQuickPaths = quickPaths
                var start = pieces[piece].lowerBound
                var lines = 0
                while start < pieces[piece].upperBound {
                    let end = lineEnd(buffer, from: start, before: pieces[piece].upperBound)
                    lines += 1
                    reader.read(UnsafeBufferPointer(rebasing: buffer[start..<end]), number: lines)
                    start = end + 1
                }
                return (reader, lines)
            }
            return merged(read, file: file)
        }
    }

    /// `count` ranges covering `buffer`, each but the last ending at a line feed (excluded from
    /// neither: a piece is whole lines).
    private static func pieces(_ buffer: UnsafeBufferPointer<UInt8>, count: Int) -> [Range<Int>] {
        var bounds = [0]
        for piece in 1..<count {
            let guess = max(bounds[bounds.count - 1], buffer.count * piece / count)
            let end = lineEnd(buffer, from: guess, before: buffer.count)
            bounds.append(min(buffer.count, end + 1))
        }
        bounds.append(buffer.count)
        return zip(bounds, bounds.dropFirst()).compactMap { $0 < $1 ? $0..<$1 : nil }
    }

    /// The index of the first line feed at or after `start` before `limit`, else `limit`.
    private static func lineEnd(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int, before limit: Int) -> Int {
        guard start < limit, let base = buffer.baseAddress else { return limit }
        guard let found = memchr(base + start, 0x0A, limit - start) else { return limit }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// The pieces' readings as one journal: names numbered anew, line numbers counted from the
    /// start of the file.
    private static func merged(_ read: [(JournalLineReader, lines: Int)], file: String) -> CompletionJournal {
        var names = NameTable()
        var ticks: [JournalTick] = []
        ticks.reserveCapacity(read.reduce(0) { $0 + $1.0.ticks.count })
        var syncs: [Int64] = []
        var warnings: [StoreDiagnostic] = []
        var linesBefore = 0
        for (reader, lines) in read {
            let renumber = names.numbers(of: reader.names)
            for tick in reader.ticks {
                ticks.append(JournalTick(at: tick.at, chore: renumber[Int(tick.chore)], assignee: tick.assignee < 0 ? -1 : renumber[Int(tick.assignee)], kind: tick.kind))
            }
            syncs += reader.syncs
            warnings += reader.problems.map { StoreDiagnostic(.warning, file: "\(file):\(linesBefore + $0.line)", $0.problem) }
            linesBefore += lines
        }
        return CompletionJournal(names: names.names, ticks: ticks, syncs: syncs.sorted(), warnings: warnings)
    }
}
