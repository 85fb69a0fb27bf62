import JSON

/// The version of each record the store holds, merged by SPEC §2's rules (newer `modified`
/// wins, tombstones remove), kept so that each fetched chore can be compared with the version
/// already in the store, and counted so that a run can tell when compaction is due.
struct KnownRecords {
    struct Slot {
        var modifiedMillis: Int64?
        var changeTag: String?
        var live: Bool
        var chore: ChoreVersion.Facts?
    }

    /// A chore whose done flag differs from the version the store held, or that was done and is
    /// saved again done with nothing else changed (`resaved`, when the store's version was saved
    /// at `previousModifiedMillis`): the journal decides by the periods whether that is a tick.
    struct Flip {
        var version: ChoreVersion
        var facts: ChoreVersion.Facts
        var resaved = false
        var previousModifiedMillis: Int64?
    }

    private(set) var slots: [String: Slot] = [:]
    /// Record entries (versions, tombstones, errors) in the current generation's pages.
    var generationEntries = 0

    var liveCount: Int { slots.values.reduce(0) { $0 + ($1.live ? 1 : 0) } }

    /// Applies one page's `records`; returns the chores whose done flag changed, and the record
    /// names of the per-record error entries.
    @discardableResult
    mutating func apply(_ records: [JSONValue]) -> (flips: [Flip], errors: [String], names: [String]) {
        var flips: [Flip] = []
        var errors: [String] = []
        var names: [String] = []
        generationEntries += records.count
        for entry in records {
            guard let (version, deleted) = ChoreVersion.read(entry) else {
                if entry["serverErrorCode"] != nil, let name = entry["recordName"]?.stringValue { errors.append(name) }
                continue
            }
            names.append(version.recordName)
            let previous = slots[version.recordName]
            if deleted {
                slots[version.recordName] = Slot(
                    modifiedMillis: previous?.modifiedMillis, changeTag: nil, live: false, chore: nil)
                continue
            }
            if let known = previous?.modifiedMillis, let incoming = version.modifiedMillis, incoming < known {
                continue
            }
            if let previous, previous.live, previous.changeTag != nil, previous.changeTag == version.changeTag {
                continue
            }
            slots[version.recordName] = Slot(
                modifiedMillis: version.modifiedMillis, changeTag: version.changeTag, live: true, chore: version.chore)
            if let before = previous, before.live, let old = before.chore, let new = version.chore {
                if old.isDone != new.isDone {
                    flips.append(Flip(version: version, facts: new))
                } else if old.isDone, old.otherFields == new.otherFields {
                    flips.append(
                        Flip(
                            version: version, facts: new, resaved: true,
                            previousModifiedMillis: before.modifiedMillis))
                }
            }
        }
        return (flips, errors, names)
    }

    /// Forgets every record not named in `names`: after a full fetch, those are gone.
    mutating func keepOnly(_ names: Set<String>) {
        slots = slots.filter { names.contains($0.key) }
    }

    mutating func removeAll() {
        slots = [:]
        generationEntries = 0
    }

    /// The records of a page body, wherever §2 finds them: `zones[].records` or `records`.
    static func records(in body: JSONValue) -> [JSONValue] {
        if let zones = body["zones"]?.arrayValue {
            return zones.flatMap { $0["records"]?.arrayValue ?? [] }
        }
        return body["records"]?.arrayValue ?? []
    }
}
