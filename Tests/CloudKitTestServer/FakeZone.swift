import JSON

/// The test server's zone: the live records, and a change log so that a sync token means "every
/// change after this one". A record changed again supersedes its earlier log entry, as CloudKit
/// sends only a record's latest version.
package struct FakeZone {
    package let zoneID: JSONValue
    /// Bumped when the zone is deleted and made again: older tokens then no longer work.
    package var epoch = 1
    package private(set) var live: [String: JSONValue] = [:]
    private var log: [(seq: Int, name: String)] = []
    private var latestSeq: [String: Int] = [:]
    private var tombstones: [String: JSONValue] = [:]
    package private(set) var seq = 0
    private var changeTag = 0

    package init(zoneID: JSONValue) {
        self.zoneID = zoneID
    }

    /// Saves `record` (its `recordName`, type and fields) as a new version, stamped at `millis`.
    package mutating func save(_ record: JSONObject, at millis: Int64) {
        guard let name = record["recordName"]?.stringValue else { return }
        seq += 1
        changeTag += 1
        var version = record
        version["recordChangeTag"] = .string("tag\(changeTag)")
        version["modified"] = .object(["timestamp": .integer(millis), "userRecordName": .string("_owner")])
        if version["created"] == nil {
            version["created"] = live[name]?["created"] ?? .object(["timestamp": .integer(millis)])
        }
        version["deleted"] = .bool(false)
        version["zoneID"] = zoneID
        live[name] = .object(version)
        tombstones[name] = nil
        append(name)
    }

    package mutating func delete(_ name: String) {
        guard live.removeValue(forKey: name) != nil else { return }
        seq += 1
        tombstones[name] = .object(["recordName": .string(name), "deleted": .bool(true), "zoneID": zoneID])
        append(name)
    }

    /// Forgets everything (the zone deleted and created again empty).
    package mutating func recreate() {
        epoch += 1
        live = [:]
        log = []
        latestSeq = [:]
        tombstones = [:]
    }

    private mutating func append(_ name: String) {
        log.append((seq, name))
        latestSeq[name] = seq
    }

    /// The changes after `after` (0: from the start), at most `limit`: the entries, the sequence
    /// number the next token stands for, and whether more follow.
    package func changes(after: Int, limit: Int) -> (records: [JSONValue], through: Int, moreComing: Bool) {
        var low = 0, high = log.count
        while low < high {
            let middle = (low + high) / 2
            if log[middle].seq <= after { low = middle + 1 } else { high = middle }
        }
        var records: [JSONValue] = []
        var last = after
        var index = low
        while index < log.count {
            let entry = log[index]
            index += 1
            guard latestSeq[entry.name] == entry.seq else { continue }
            if records.count == limit { return (records, last, true) }
            if let record = live[entry.name] ?? tombstones[entry.name] { records.append(record) }
            last = entry.seq
        }
        return (records, max(last, seq), false)
    }
}
