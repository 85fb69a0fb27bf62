import AemtliCore
import JSON

/// One version of a record as Core reads it (SPEC §2), with what the journal and the write need
/// of it: its name, when it was saved and its change tag, and, when Core reads it as a chore, the
/// chore and the prefix its fields carry. A version Core would skip (a required field missing or
/// mistyped) is no chore here either, so the journal speaks only of chores the pages show.
struct ChoreVersion {
    let record: RawRecord
    /// Set for a record Core reads as a chore (its assignee as the record names it).
    let chore: Chore?
    /// `CD_` for the layout NSPersistentCloudKitContainer writes, else empty: how the record names
    /// its fields, for a write.
    let fieldPrefix: String

    init(_ record: RawRecord) {
        self.record = record
        let read = RecordDecoder.chore(record)
        chore = read?.chore
        fieldPrefix = read?.fieldPrefix ?? ""
    }

    var recordName: String { record.recordName }
    var modifiedMillis: Int64? { record.modifiedMillis }
    var changeTag: String? { record.changeTag }

    /// The field that holds the done flag.
    var doneField: String { fieldPrefix + "isDone" }

    /// Every field but the done flag, as sent: a version that differs from the one before only in
    /// `modified` is a stale flag saved again (SPEC §8.5), one that differs here is an edit.
    var otherFields: JSONObject {
        var fields = record.fields
        fields[doneField] = nil
        return fields
    }
}
