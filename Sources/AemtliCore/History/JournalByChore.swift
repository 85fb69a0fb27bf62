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
        // Each tick goes straight to its place (file order within a chore); a chore whose ticks
        // are not in time order, which sync never writes, is then sorted by time, ties in file order.
        var next = counts
        var grouped = [JournalTick](repeating: JournalTick(at: 0, chore: 0, assignee: -1, kind: .done), count: journal.ticks.count)
        var outOfOrder = [Bool](repeating: false, count: journal.names.count)
        for tick in journal.ticks {
            let name = canonical[Int(tick.chore)]
            let place = next[name]
            if place > counts[name], grouped[place - 1].at > tick.at { outOfOrder[name] = true }
            grouped[place] = tick
            next[name] = place + 1
        }
        for name in journal.names.indices where outOfOrder[name] {
            let group = counts[name]..<counts[name + 1]
            let sorted = zip(grouped[group], group).sorted { ($0.0.at, $0.1) < ($1.0.at, $1.1) }.map(\.0)
            grouped.replaceSubrange(group, with: sorted)
        }
        self.starts = counts
        self.ticks = grouped
        self.numbers = numbers
    }

    /// The ticks of the chore `id`, ascending by time; none when the journal never names it.
    func ticks(of id: String) -> ArraySlice<JournalTick> {
        guard let number = numbers[id] else { return [] }
        return ticks[starts[number]..<starts[number + 1]]
    }
}
