import AemtliCore
import JSON

/// The records the store holds, merged by Core's `RecordMerger` (SPEC §2: newer `modified` wins,
/// tombstones remove) from pages read by Core's `SourceReader`, so that each fetched chore can be
/// compared with the version already in the store, and counted so that a run can tell when
/// compaction is due.
struct KnownRecords {
    /// A chore whose done flag differs from the version the store held, or that was done and is
    /// saved again done with nothing else changed (`resaved`, when the store's version was saved
    /// at `previousModifiedMillis`): the journal decides by the periods whether that is a tick.
    struct Flip {
        var version: ChoreVersion
        var chore: Chore
        var resaved = false
        var previousModifiedMillis: Int64?
    }

    /// What one page changed.
    struct Applied {
        var flips: [Flip] = []
        /// The record names of the page's per-record error entries.
        var errors: [String] = []
        /// The record names of its versions and tombstones, applied or not.
        var names: [String] = []
    }

    private var merger = RecordMerger()
    /// Record entries (versions, tombstones, errors) in the current generation's pages.
    var generationEntries = 0

    var liveCount: Int { merger.liveCount }

    /// The live version of the record `recordName`.
    subscript(recordName: String) -> ChoreVersion? {
        merger[recordName].map(ChoreVersion.init)
    }

    /// The live versions, in order of record name.
    var versions: [ChoreVersion] { merger.records.map(ChoreVersion.init) }

    /// Applies one page's `records`.
    @discardableResult
    mutating func apply(_ records: [JSONValue]) -> Applied {
        var reader = SourceReader(file: "")
        reader.read(.array(records))
        var applied = Applied(errors: reader.erroredRecordNames)
        generationEntries += records.count
        for entry in reader.entries {
            guard case .record(let record) = entry else {
                if case .tombstone(let name) = entry { applied.names.append(name) }
                merger.apply(entry)
                continue
            }
            applied.names.append(record.recordName)
            let previous = merger[record.recordName]
            // The version the store holds, read again (a page applied twice): nothing to compare.
            if let tag = previous?.changeTag, tag == record.changeTag { continue }
            guard merger.apply(entry) == .applied, let previous else { continue }
            if let flip = Self.flip(from: ChoreVersion(previous), to: ChoreVersion(record)) {
                applied.flips.append(flip)
            }
        }
        return applied
    }

    private static func flip(from before: ChoreVersion, to version: ChoreVersion) -> Flip? {
        guard let old = before.chore, let new = version.chore else { return nil }
        if old.isDone != new.isDone { return Flip(version: version, chore: new) }
        guard old.isDone, before.otherFields == version.otherFields else { return nil }
        return Flip(version: version, chore: new, resaved: true, previousModifiedMillis: before.modifiedMillis)
    }

    /// Forgets every record not named in `names`: after a full fetch, those are gone.
    mutating func keepOnly(_ names: Set<String>) {
        merger.keepOnly(names)
    }

    mutating func removeAll() {
        merger = RecordMerger()
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
