/// Each chore's current occurrence, status and countdown at one `now`, computed once per build
/// so that pages, feeds and charts do not expand the same series again and again.
public final class ScheduleCache: @unchecked Sendable {
    public struct State: Sendable {
        public var occurrence: Occurrence?
        public var status: ChoreStatus?
        public var countdown: Int?
    }

    /// The states by chore id, in shards (see `NameShard`) that are filled on all cores.
    private let shards: [[String: State]]

    /// The states of `chores` under `schedule`, computed on all cores.
    init(_ chores: [Chore], schedule: Schedule) {
        let count = 4
        var positions = [[Int]](repeating: [], count: count)
        for (index, chore) in chores.enumerated() { positions[NameShard.of(chore.id, among: count)].append(index) }
        shards = (try? ParallelMap.map(count) { shard -> [String: State] in
            var table: [String: State] = [:]
            table.reserveCapacity(positions[shard].count)
            for index in positions[shard] {
                let chore = chores[index]
                table[chore.id] = State(
                    occurrence: schedule.computeCurrentOccurrence(of: chore), status: schedule.computeStatus(of: chore),
                    countdown: schedule.computeCountdown(of: chore))
            }
            return table
        }) ?? []
    }

    func state(of chore: Chore) -> State? {
        shards[NameShard.of(chore.id, among: shards.count)][chore.id]
    }
}

extension Schedule {
    /// This schedule with every chore's current occurrence, status and countdown computed once,
    /// on all cores, for a build that asks for them many times.
    public func cached(for chores: [Chore]) -> Schedule {
        var copy = self
        copy.cache = ScheduleCache(chores, schedule: self)
        return copy
    }
}
