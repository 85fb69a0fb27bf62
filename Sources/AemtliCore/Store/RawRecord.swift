import JSON

/// A record as found in a source, before its fields are checked: the common form of every input
/// shape (CloudKit Web Services, cktool, Core Data's `CD_` layout and the app's native export).
/// `package`: sync keeps the records it fetched in this form, merged by `RecordMerger`.
package struct RawRecord {
    package var recordName: String
    package var recordType: String
    /// The record's `fields` object. CloudKit wraps each value as `{value, type}`; the native
    /// export does not (`wrapped` is false).
    package var fields: JSONObject
    var wrapped: Bool
    /// `modified.timestamp` in milliseconds since 1970, when the source gives it.
    package var modifiedMillis: Int64?
    var createdMillis: Int64?
    /// The source this version came from; warnings about the record name it.
    var file: String
    /// `recordChangeTag`, the version CloudKit gave it: a write carries it, and a version with the
    /// same tag as the one held is that version again.
    package var changeTag: String? = nil
    /// The entry as its source holds it, for a writer that keeps records as they came (sync's
    /// compaction): one object of the source, shared, not a copy.
    package var entry: JSONObject = [:]
}

/// One field's value with its CloudKit type tag, if the source gave one.
struct FieldValue {
    var value: JSONValue
    var tag: String?
}

/// The CloudKit field types aemtli reads, and the tag spellings that mean each
/// (Web Services `STRING`, cktool `stringType`).
enum FieldType: String {
    case string = "STRING"
    case int64 = "INT64"
    case timestamp = "TIMESTAMP"

    /// "a STRING", "an INT64": the type as a message names it.
    var withArticle: String { self == .int64 ? "an INT64" : "a \(rawValue)" }

    init?(tag: String) {
        switch tag {
        case "STRING", "stringType": self = .string
        case "INT64", "int64Type", "NUMBER_INT64": self = .int64
        case "TIMESTAMP", "timestampType": self = .timestamp
        default: return nil
        }
    }
}
