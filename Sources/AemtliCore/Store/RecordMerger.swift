/// Applies entries in order with SPEC §2's rules: a later version replaces an earlier one unless
/// its `modified.timestamp` is older; a tombstone removes the record (and remembers the removed
/// version's timestamp, so an older copy read afterwards does not bring it back). `package`: the
/// one merge, the build's and sync's (which keeps the store's records in one as it fetches).
package struct RecordMerger {
    /// What merging a store's sources gave: the surviving records and the counts `check` shows.
    struct Merged {
        var records: [RawRecord]
        var versionsRead = 0
        var olderVersionsIgnored = 0
        var deletions = 0
    }

    private struct Slot {
        var record: RawRecord?
        var modifiedMillis: Int64?
    }

    /// What applying one entry did.
    package enum Outcome: Equatable {
        /// The version is the record's live one now.
        case applied
        /// A newer version had been read already: nothing changed.
        case olderIgnored
        /// A tombstone: the record is gone (or was never there).
        case removed
    }

    private var slots: [String: Slot] = [:]
    private(set) var versionsRead = 0
    private(set) var olderVersionsIgnored = 0
    private(set) var deletions = 0

    /// Room for `expectedRecords` records from the start (a store of tens of thousands would
    /// otherwise rehash its table a dozen times).
    package init(expectedRecords: Int = 0) {
        slots.reserveCapacity(expectedRecords)
    }

    @discardableResult
    package mutating func apply(_ entry: StoreEntry) -> Outcome {
        switch entry {
        case .tombstone(let recordName):
            deletions += 1
            slots[recordName] = Slot(record: nil, modifiedMillis: slots[recordName]?.modifiedMillis)
            return .removed
        case .record(let record):
            versionsRead += 1
            if let existing = slots[record.recordName]?.modifiedMillis,
                let incoming = record.modifiedMillis, incoming < existing
            {
                olderVersionsIgnored += 1
                return .olderIgnored
            }
            slots[record.recordName] = Slot(record: record, modifiedMillis: record.modifiedMillis)
            return .applied
        }
    }

    /// The live version of the record `recordName`; nil when it was never read or was removed.
    package subscript(recordName: String) -> RawRecord? {
        slots[recordName]?.record
    }

    /// How many records are live.
    package var liveCount: Int {
        slots.values.reduce(0) { $0 + ($1.record == nil ? 0 : 1) }
    }

    /// Forgets every record not named in `names`, tombstones included (after a full fetch of a
    /// zone, the records it did not bring are gone).
    package mutating func keepOnly(_ names: Set<String>) {
        slots = slots.filter { names.contains($0.key) }
    }

    /// Every source's entries applied in order, the sources in the order given.
    static func merge(_ sources: [[StoreEntry]]) -> Merged {
        var merger = RecordMerger(expectedRecords: sources.reduce(0) { $0 + $1.count })
        for entries in sources {
            for entry in entries { merger.apply(entry) }
        }
        return Merged(
            records: merger.records, versionsRead: merger.versionsRead,
            olderVersionsIgnored: merger.olderVersionsIgnored, deletions: merger.deletions)
    }

    /// The surviving records in order of record name (positions are sorted, not the records).
    package var records: [RawRecord] {
        let survivors = slots.values.compactMap(\.record)
        return survivors.indices.sorted { survivors[$0].recordName < survivors[$1].recordName }.map { survivors[$0] }
    }
}
