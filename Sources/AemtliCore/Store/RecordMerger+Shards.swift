/// Merging a large store on all cores. Every version of one record lands in the same shard (see
/// `NameShard`), so each shard can apply its entries in source order on its own; the
/// shards' sorted records are then merged by name. The result is the same for any shard count.
extension RecordMerger {
    struct Merged {
        var records: [RawRecord]
        var versionsRead = 0
        var olderVersionsIgnored = 0
        var deletions = 0
    }

    static func merge(_ sources: [[StoreEntry]], shards: Int = 4) -> Merged {
        var positions = [[(source: Int, entry: Int)]](repeating: [], count: shards)
        for (source, entries) in sources.enumerated() {
            for (index, entry) in entries.enumerated() {
                positions[shard(of: entry, among: shards)].append((source, index))
            }
        }
        let parts =
            (try? ParallelMap.map(shards) { shard -> Merged in
                var merger = RecordMerger(expectedRecords: positions[shard].count)
                for position in positions[shard] { merger.apply(sources[position.source][position.entry]) }
                return Merged(
                    records: merger.records, versionsRead: merger.versionsRead,
                    olderVersionsIgnored: merger.olderVersionsIgnored, deletions: merger.deletions)
            }) ?? []
        var merged = Merged(records: [])
        merged.records.reserveCapacity(parts.reduce(0) { $0 + $1.records.count })
        var next = [Int](repeating: 0, count: parts.count)
        while true {
            var smallest: Int?
            for part in parts.indices where next[part] < parts[part].records.count {
                if let best = smallest,
                    parts[best].records[next[best]].recordName <= parts[part].records[next[part]].recordName
                {
                    continue
                }
                smallest = part
            }
            guard let part = smallest else { break }
            merged.records.append(parts[part].records[next[part]])
            next[part] += 1
        }
        for part in parts {
            merged.versionsRead += part.versionsRead
            merged.olderVersionsIgnored += part.olderVersionsIgnored
            merged.deletions += part.deletions
        }
        return merged
    }

    private static func shard(of entry: StoreEntry, among shards: Int) -> Int {
        switch entry {
        case .record(let record): return NameShard.of(record.recordName, among: shards)
        case .tombstone(let recordName): return NameShard.of(recordName, among: shards)
        }
    }
}
