import JSON

/// Reads the app's own export, `{"members": [...], "chores": [...]}`, into raw records so that it
/// merges and is checked exactly like CloudKit records. Its dates are ISO 8601 strings and `isDone`
/// a bool; the field readers accept both.
struct NativeExportReader {
    let file: String
    private(set) var entries: [StoreEntry] = []
    private(set) var diagnostics: [StoreDiagnostic] = []

    init(file: String) {
        self.file = file
    }

    mutating func read(_ object: JSONObject) {
        readList(object["members"], key: "members", recordType: "FamilyMember")
        readList(object["chores"], key: "chores", recordType: "Chore")
    }

    private mutating func readList(_ list: JSONValue?, key: String, recordType: String) {
        guard let list else { return }
        guard let elements = list.arrayValue else {
            diagnostics.append(
                StoreDiagnostic(
                    .warning, file: file,
                    "\"\(key)\" should be an array but is \"\(list.snippet)\"; it is skipped."))
            return
        }
        for (position, element) in elements.enumerated() {
            guard let object = element.objectValue,
                let id = object["id"]?.stringValue, !id.isEmpty
            else {
                diagnostics.append(
                    StoreDiagnostic(
                        .warning, file: file,
                        "\(key) entry \(position + 1) has no \"id\"; it is skipped."))
                continue
            }
            let fields = JSONObject(members: object.members.filter { $0.key != "id" })
            entries.append(
                .record(
                    RawRecord(
                        recordName: id, recordType: recordType, fields: fields, wrapped: false,
                        modifiedMillis: nil, createdMillis: nil, file: file, entry: object)))
        }
    }
}
