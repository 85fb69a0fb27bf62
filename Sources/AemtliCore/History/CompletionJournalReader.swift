import Dispatch
import Foundation

/// Reads `STORE/history/done.jsonl` piece by piece as a file reader hands it over, so that a
/// journal of a year (a hundred megabytes) never has to be in memory at once. Each piece's
/// whole lines are cut into one run per worker and read on all cores; each worker keeps its own
/// `JournalLineReader` from piece to piece, and `journal()` puts the runs back in file order.
public struct CompletionJournalReader {
    /// Pieces smaller than this are read by one worker: splitting costs more than it saves.
    static let smallestSplit = 1 << 20
    /// The checkpoint's ticks are copied into the journal in slices of this many, on all cores.
    static let baseSlice = 1 << 16

    private let file: String
    private var readers: [JournalLineReader]
    /// The runs in file order: which worker read it, where its ticks and problems end in that
    /// worker's reader, and how many lines it held.
    private var runs: [(worker: Int, ticksEnd: Int, problemsEnd: Int, lines: Int)] = []

    /// The journal up to where reading began: empty, or a checkpoint's.
    private let base: CompletionJournal
    private let baseLines: Int
    /// How many bytes and lines have been read, the checkpoint's included.
    public private(set) var bytesRead: Int
    public private(set) var linesRead: Int

    /// `file` names the journal in warnings; `quickPaths` as for `CompletionJournal.parse`.
    /// One worker per core, at most eight: each keeps a table of every chore id, and with eight
    /// tables of 20 000 ids on two cores the journal read in 215 ms against 169 with two (median
    /// of 11 builds; cache misses, most likely, not measured). With `after`, the bytes handed
    /// over are those after the checkpoint's, and the journal is the checkpoint's and theirs.
    public init(file: String, quickPaths: Bool = true, workers: Int = min(8, ProcessInfo.processInfo.activeProcessorCount), after checkpoint: JournalCheckpoint? = nil) {
        self.file = file
        var reader = JournalLineReader()
        reader.usesQuickPaths = quickPaths
        readers = Array(repeating: reader, count: max(1, workers))
        base = checkpoint?.journal ?? CompletionJournal()
        bytesRead = checkpoint?.bytes ?? 0
        baseLines = checkpoint?.lines ?? 0
        linesRead = baseLines
    }

    /// Reads the whole lines at the start of `bytes`, or all of them when the file ends there;
    /// the number of bytes read (0 when not one line ends in them). `alongside` gets the bytes
    /// read, on a core of its own while the lines are read (a build fingerprints them).
    public mutating func read(_ bytes: UnsafeBufferPointer<UInt8>, isEnd: Bool, alongside: (UnsafeBufferPointer<UInt8>) -> Void = { _ in }) -> Int {
        let count = isEnd ? bytes.count : Self.lastLineFeed(bytes).map { $0 + 1 } ?? 0
        guard count > 0 else { return 0 }
        let whole = UnsafeBufferPointer(rebasing: bytes[..<count])
        let cuts = Self.runs(whole, count: whole.count < Self.smallestSplit ? 1 : readers.count)
        var lines = [Int](repeating: 0, count: cuts.count)
        readers.withUnsafeMutableBufferPointer { readers in
            lines.withUnsafeMutableBufferPointer { lines in
                let (readers, lines) = (readers, lines)
                DispatchQueue.concurrentPerform(iterations: cuts.count + 1) { run in
                    guard run < cuts.count else { return alongside(whole) }
                    lines[run] = Self.read(whole, cuts[run], into: &readers[run])
                }
            }
        }
        for (run, lineCount) in lines.enumerated() {
            runs.append((run, readers[run].ticks.count, readers[run].problems.count, lineCount))
            linesRead += lineCount
        }
        bytesRead += count
        return count
    }

    /// Everything read so far as one journal: ticks and warnings in file order, warnings
    /// naming the line of the whole file, sync times ascending. Names are numbered as the
    /// checkpoint numbered them, then worker by worker, not in file order; nothing shown
    /// depends on their numbers.
    public func journal() -> CompletionJournal {
        var chores = base.choreNames, members = base.memberNames
        let renumbered = readers.map { (chores: chores.numbers(of: $0.choreNames), members: members.numbers(of: $0.memberNames)) }
        // Where each run's ticks begin in its worker's reader and in the journal.
        var starts: [(reader: Int, journal: Int)] = []
        var readerStarts = [Int](repeating: 0, count: readers.count)
        var total = base.ticks.count
        var problems = base.problems
        var problemStarts = [Int](repeating: 0, count: readers.count)
        var linesBefore = baseLines
        for run in runs {
            starts.append((readerStarts[run.worker], total))
            total += run.ticksEnd - readerStarts[run.worker]
            readerStarts[run.worker] = run.ticksEnd
            for problem in readers[run.worker].problems[problemStarts[run.worker]..<run.problemsEnd] {
                problems.append(JournalProblem(line: linesBefore + problem.line, text: problem.text))
            }
            problemStarts[run.worker] = run.problemsEnd
            linesBefore += run.lines
        }
        // Each run's ticks, renumbered, to their place, and the checkpoint's in slices before
        // them: on all cores, a year holds half a million.
        let base = self.base
        let slices = (base.ticks.count + Self.baseSlice - 1) / Self.baseSlice
        let ticks = [JournalTick](unsafeUninitializedCapacity: total) { buffer, count in
            let buffer = buffer
            LargePages.request(buffer)
            DispatchQueue.concurrentPerform(iterations: slices + runs.count) { index in
                guard index >= slices else {
                    let slice = index * Self.baseSlice..<min(base.ticks.count, (index + 1) * Self.baseSlice)
                    _ = UnsafeMutableBufferPointer(rebasing: buffer[slice]).initialize(fromContentsOf: base.ticks[slice])
                    return
                }
                let index = index - slices
                let run = runs[index]
                let renumber = renumbered[run.worker]
                var place = starts[index].journal
                for tick in readers[run.worker].ticks[starts[index].reader..<run.ticksEnd] {
                    buffer[place] = JournalTick(at: tick.at, chore: renumber.chores[Int(tick.chore)], assignee: tick.assignee < 0 ? -1 : renumber.members[Int(tick.assignee)], kind: tick.kind)
                    place += 1
                }
            }
            count = total
        }
        let syncs = (base.syncs + readers.flatMap(\.syncs)).sorted()
        return CompletionJournal(choreNames: chores, memberNames: members, ticks: ticks, syncs: syncs, file: file, problems: problems)
    }

    /// Reads the lines of `range`, numbered from 1; how many there were.
    private static func read(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, into reader: inout JournalLineReader) -> Int {
        var start = range.lowerBound
        var lines = 0
        while start < range.upperBound {
            let end = lineEnd(buffer, from: start, before: range.upperBound)
            lines += 1
            reader.read(UnsafeBufferPointer(rebasing: buffer[start..<end]), number: lines)
            start = end + 1
        }
        return lines
    }

    /// `count` ranges covering `buffer`, each but the last ending just after a line feed: runs
    /// of whole lines (fewer when lines are long).
    private static func runs(_ buffer: UnsafeBufferPointer<UInt8>, count: Int) -> [Range<Int>] {
        var bounds = [0]
        for run in 1..<max(1, count) {
            let guess = max(bounds[bounds.count - 1], buffer.count * run / count)
            bounds.append(min(buffer.count, lineEnd(buffer, from: guess, before: buffer.count) + 1))
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

    /// Looked for from the end: a piece ends within a line's length of its last line feed.
    private static func lastLineFeed(_ buffer: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = buffer.count - 1
        while index >= 0, buffer[index] != 0x0A { index -= 1 }
        return index >= 0 ? index : nil
    }
}
