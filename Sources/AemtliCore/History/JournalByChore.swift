import Dispatch

/// The journal's ticks gathered by chore, each chore's ascending by time with ties in file order:
/// a counting sort on all cores, no string hashed per line.
struct JournalByChore {
    /// The position in `ticks` where each name's ticks begin; one more entry than names.
    private let starts: [Int]
    /// The ticks, grouped by chore.
    private let ticks: [JournalTick]
    private let lookup: Lookup

    /// How a chore's id finds its number. Ids are compared as text, as a chore's id is; when
    /// every name and every id asked for is ASCII, text is equal only when the bytes are, and the
    /// journal's own byte-keyed table answers without hashing 20 000 strings.
    private enum Lookup {
        case bytes(NameTable)
        /// Each name's text to the first number of its spellings.
        case text([String: Int])
    }

    /// `ids` are the chore ids that will be asked for.
    init(_ journal: CompletionJournal, ids: [String]) {
        let canonical: [Int]
        let names = journal.choreNames.names
        if names.allSatisfy(Self.isASCII), ids.allSatisfy(Self.isASCII) {
            canonical = Array(names.indices)
            lookup = .bytes(journal.choreNames)
        } else {
            // Two spellings of one id (as bytes) are one chore, the first number standing for both.
            var numbers: [String: Int] = [:]
            canonical = names.enumerated().map { number, name in
                if let first = numbers[name] { return first }
                numbers[name] = number
                return number
            }
            lookup = .text(numbers)
        }
        (starts, ticks) = Self.grouped(journal.ticks, names: names.count, canonical: canonical)
    }

    /// The ticks of the chore `id`, ascending by time; none when the journal never names it.
    func ticks(of id: String) -> ArraySlice<JournalTick> {
        let number: Int?
        switch lookup {
        case .bytes(let table):
            number = table.existingNumber(of: id).map(Int.init)
        case .text(let numbers):
            number = numbers[id]
        }
        guard let number else { return [] }
        return ticks[starts[number]..<starts[number + 1]]
    }

    /// Counts per name in runs of ticks on all cores, then each run's ticks straight to their
    /// place (file order within a name); a name whose ticks are not in time order, which sync
    /// never writes, is then sorted by time, ties in file order.
    private static func grouped(_ all: [JournalTick], names: Int, canonical: [Int]) -> (starts: [Int], ticks: [JournalTick]) {
        let runSize = max(65_536, (all.count + 7) / 8)
        let runs = stride(from: 0, to: all.count, by: runSize).map { $0..<min(all.count, $0 + runSize) }
        let counts = ParallelMap.chunks(runs.count, size: 1) { run in
            runs[run.lowerBound].reduce(into: [Int](repeating: 0, count: names)) { $0[canonical[Int(all[$1].chore)]] += 1 }
        }
        var starts = [Int](repeating: 0, count: names + 1)
        var places = counts  // where each run's ticks of each name go
        for name in 0..<names {
            var place = starts[name]
            for run in runs.indices {
                places[run][name] = place
                place += counts[run][name]
            }
            starts[name + 1] = place
        }
        let ticks = [JournalTick](unsafeUninitializedCapacity: all.count) { buffer, count in
            let buffer = buffer
            LargePages.request(buffer)
            DispatchQueue.concurrentPerform(iterations: runs.count) { run in
                var next = places[run]
                for tick in all[runs[run]] {
                    let name = canonical[Int(tick.chore)]
                    buffer[next[name]] = tick
                    next[name] += 1
                }
            }
            count = all.count
            for name in 0..<names where starts[name + 1] - starts[name] > 1 {
                let group = UnsafeMutableBufferPointer(rebasing: buffer[starts[name]..<starts[name + 1]])
                guard !zip(group, group.dropFirst()).allSatisfy({ $0.at <= $1.at }) else { continue }
                let sorted = zip(group, group.indices).sorted { ($0.0.at, $0.1) < ($1.0.at, $1.1) }.map(\.0)
                _ = group.update(fromContentsOf: sorted)
            }
        }
        return (starts, ticks)
    }

    /// Over the text's UTF-8 bytes in one buffer: going through the `utf8` view a byte at a
    /// time cost about 40 million instructions for 20 000 names and 20 000 ids.
    private static func isASCII(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in bytes.allSatisfy { $0 < 0x80 } }
    }
}
