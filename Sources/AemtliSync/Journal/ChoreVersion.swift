import JSON

/// What the journal needs of one fetched record: its name, version and, for a chore, the done
/// flag and the words a history line carries. Read leniently: a field of the wrong shape is absent.
struct ChoreVersion: Equatable, Sendable {
    var recordName: String
    var modifiedMillis: Int64?
    var changeTag: String?
    /// Set for `Chore` and `CD_Chore` records only.
    var chore: Facts?

    struct Facts: Equatable, Sendable {
        var id: String
        var isDone: Bool
        var title: String?
        var assignedTo: String?
        var recurrence: String?
        /// `CD_` for the layout NSPersistentCloudKitContainer writes, else empty: how the record
        /// names its fields, for a write.
        var fieldPrefix = ""
        /// Every field but the done flag, as sent: a version that differs from the one before only
        /// in `modified` is a stale flag saved again (SPEC §8.5), one that differs here is an edit.
        var otherFields: JSONObject = [:]
    }

    /// The entry as a record version, a tombstone (`deleted`), or nil for an error entry or junk.
    static func read(_ entry: JSONValue) -> (version: ChoreVersion, deleted: Bool)? {
        guard let name = entry["recordName"]?.stringValue, entry["serverErrorCode"] == nil else { return nil }
        var version = ChoreVersion(
            recordName: name, modifiedMillis: entry["modified"]?["timestamp"]?.integerValue,
            changeTag: entry["recordChangeTag"]?.stringValue)
        if entry["deleted"]?.boolValue == true { return (version, true) }
        guard entry["recordType"]?.stringValue != nil else { return nil }
        let type = entry["recordType"]?.stringValue ?? ""
        if type == "Chore" || type == "CD_Chore" {
            let prefix = type == "CD_Chore" ? "CD_" : ""
            let fields = entry["fields"] ?? .null
            func value(_ key: String) -> JSONValue? {
                let field = fields[prefix + key]
                return field?["value"] ?? field
            }
            if let done = value("isDone").flatMap(Self.flag) {
                var others = fields.objectValue ?? [:]
                others[prefix + "isDone"] = nil
                version.chore = Facts(
                    id: prefix.isEmpty ? name : (value("id")?.stringValue ?? name), isDone: done,
                    title: value("title")?.stringValue, assignedTo: value("assignedTo")?.stringValue,
                    recurrence: value("recurrence")?.stringValue, fieldPrefix: prefix,
                    otherFields: others)
            }
        }
        return (version, false)
    }

    /// INT64 0/1 as the app writes it (anything but 0 counts as done, as SPEC §2 reads it).
    private static func flag(_ value: JSONValue) -> Bool? {
        if let number = value.integerValue { return number != 0 }
        return value.boolValue
    }
}
