import AemtliCore
import Foundation
import JSON

/// Local compaction (SPEC §8.3): when a complete generation's pages hold far more entries than
/// the zone has live records, its pages are merged here by Core's reader and merger (§2's rules)
/// into one snapshot page of the live records, written as the only page of the next generation:
///
/// ```
/// {"zones": [{"zoneID": Z, "syncToken": S, "moreComing": false, "records": [live records…]}],
///  "aemtliSnapshot": {"generation": N, "pages": K}}
/// ```
///
/// The snapshot needs no tombstones: the state switches to the new generation in one write and
/// the old one is deleted after, so a reader sees the old pages, or the old pages and the
/// snapshot (the same records), or the snapshot alone. CloudKit is not asked again.
struct Compactor {
    /// Compaction is due above `maximumPages` pages, or when the entries exceed `factor` times
    /// the live records plus `slack` (so small stores are not rewritten over a few edits).
    struct Policy: Sendable {
        var maximumPages = 500
        var factor = 4
        var slack = 200

        func isDue(pages: Int, entries: Int, live: Int) -> Bool {
            pages > 1 && (pages > maximumPages || entries > factor * live + slack)
        }
    }

    let pages: PageStore

    /// The snapshot body of generation `generation`, whose pages are all committed.
    func snapshot(of generation: Int, zoneID: JSONValue, syncToken: String) throws -> [UInt8] {
        var merger = RecordMerger()
        let numbers = pages.pages(in: generation)
        for number in numbers {
            let data = try pages.readPage(number, generation: generation)
            guard let body = try? JSONParser.parse(data) else {
                throw SyncError(
                    .cannotRead(path: pages.layout.page(number, generation: generation), detail: "the page is not JSON")
                )
            }
            var reader = SourceReader(file: "")
            reader.read(body)
            for entry in reader.entries { merger.apply(entry) }
        }
        // Each live record as its page held it, in order of record name.
        let records = merger.records.map { JSONValue.object($0.entry) }
        let zone: JSONValue = .object([
            "zoneID": zoneID, "syncToken": .string(syncToken), "moreComing": .bool(false), "records": .array(records),
        ])
        let document: JSONValue = .object([
            "zones": .array([zone]),
            "aemtliSnapshot": .object([
                "generation": .integer(Int64(generation)), "pages": .integer(Int64(numbers.count)),
            ]),
        ])
        return document.serializedBytes()
    }
}
