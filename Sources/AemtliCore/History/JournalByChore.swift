/// The journal's ticks gathered by chore, each chore's ascending by time with ties in file order:
/// one counting pass over the ticks, no string hashed per line.
struct JournalByChore {
    /// The position in `ticks` where each name's ticks begin; one more entry than names.
    private let starts: [Int]
    /// The ticks, grouped by chore.
    private let ticks: [JournalTick]
    private let numbers: [String: Int]

    init(_ journal: CompletionJournal) {
        // Names are compared as strings, as a chore's id is: two spellings of one id (as bytes)
        // are one chore, the first number standing for both.
        var numbers: [String: Int] = [:]
        let canonical = journal.names.enumerated().map { number, name in
            if let first = numbers[name] { return first }
            numbers[name] = number
            return number
        }
        var counts = [Int](repeating: 0, count: journal.names.count + 1)
        for tick in journal.ticks { counts[canonical[Int(tick.chore)] + 1] += 1 }
        for index in counts.indices.dropFirst() { counts[index] += counts[index - 1] }
        var next = counts
        var order = [Int](repeating: 0, count: journal.ticks.count)
        for (position, tick) in journal.ticks.enumerated() {
            order[next[canonical[Int(tick.chore)]]] = position
            next[canonical[Int(tick.chore)]] += 1
        }
        for name in journal.names.indices {
            let group = counts[name]..<counts[name + 1]
            let isSorted = zip(order[group], order[group].dropFirst()).allSatisfy { journal.ticks[$0].at <= journal.ticks[$1].at }
            if !isSorted {
                order[group].sort { (journal.ticks[$0].at, $0) < (journal.ticks[$1].at, $1) }
            }
        }
        self.starts = counts
        self.ticks = order.map { journal.ticks[$0] }
        self.numbers = numbers
    }

    /// The ticks of the chore `id`, ascending by time; none when the journal never names it.
    func ticks(of id: String) -> ArraySlice<JournalTick> {
        guard let number = numbers[id] else { return [] }
        return ticks[starts[number]..<starts[number + 1]]
    }
}
