import AemtliCore

extension Schedule {
    /// This schedule with every chore's current occurrence, status and countdown computed once,
    /// on all cores, for a build that asks for them many times.
    public func cached(for chores: [Chore]) -> Schedule {
        let chunkSize = 512
        let chunks = stride(from: 0, to: chores.count, by: chunkSize).map { chores[$0..<min($0 + chunkSize, chores.count)] }
        let parts = (try? ParallelMap.map(chunks.count) { states(of: chunks[$0]) }) ?? []
        var table: [String: ScheduleCache.State] = [:]
        table.reserveCapacity(chores.count)
        for part in parts {
            for (id, state) in part { table[id] = state }
        }
        return using(ScheduleCache(table))
    }
}
