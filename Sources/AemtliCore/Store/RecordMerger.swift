/// Applies entries in order with SPEC §2's rules: a later version replaces an earlier one unless
/// its `modified.timestamp` is older; a tombstone removes the record (and remembers the removed
/// version's timestamp, so an older copy read afterwards does not bring it back).
struct RecordMerger {
    private struct Slot {
        var record: RawRecord?
        var modifiedMillis: Int64?
    }

    private var slots: [String: Slot] = [:]
    private(set) var versionsRead = 0
    private(set) var olderVersionsIgnored = 0
    private(set) var deletions = 0

    /// Room for `expectedRecords` records from the start (a store of tens of thousands would
    /// otherwise rehash its table a dozen times).
    init(expectedRecords: Int = 0) {
        slots.reserveCapacity(expectedRecords)
    }

    mutating func apply(_ entry: StoreEntry) {
        switch entry {
        case .tombstone(let recordName):
            deletions += 1
            slots[recordName] = Slot(record: nil, modifiedMillis: slots[recordName]?.modifiedMillis)
        case .record(let record):
            versionsRead += 1
            if let existing = slots[record.recordName]?.modifiedMillis,
                let incoming = record.modifiedMillis, incoming < existing
            {
                olderVersionsIgnored += 1
                return
            }
            slots[record.recordName] = Slot(record: record, modifiedMillis: record.modifiedMillis)
        }
    }

    /// The surviving records in order of record name (positions are sorted, not the records).
    var records: [RawRecord] {
        let survivors = slots.values.compactMap(\.record)
        return survivors.indices.sorted { survivors[$0].recordName < survivors[$1].recordName }.map { survivors[$0] }
    }
}
