import JSON

/// The answer to one `records/modify` operation (CLOUDKIT.md §12): the saved record with its new
/// change tag, or the per-record error the server put in its place, still in an HTTP 200.
public enum RecordModification: Equatable, Sendable {
    case saved(recordName: String, changeTag: String?)
    case failed(recordName: String?, serverErrorCode: String, reason: String?)

    /// The first entry of an answer's `records`; nil when the answer has none.
    public init?(answer: JSONValue) {
        guard let entry = answer["records"]?.arrayValue?.first else { return nil }
        if let code = entry["serverErrorCode"]?.stringValue {
            self = .failed(
                recordName: entry["recordName"]?.stringValue, serverErrorCode: code,
                reason: entry["reason"]?.stringValue)
        } else if let name = entry["recordName"]?.stringValue {
            self = .saved(recordName: name, changeTag: entry["recordChangeTag"]?.stringValue)
        } else {
            return nil
        }
    }
}
