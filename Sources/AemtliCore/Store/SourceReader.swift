import JSON

/// Recognises the shape of one parsed source (SPEC §2) and lists its entries in order,
/// reporting error entries and unrecognised content as warnings. `package`: sync reads the pages
/// it fetches with it, as the build reads them.
package struct SourceReader {
    let file: String
    package private(set) var entries: [StoreEntry] = []
    private(set) var diagnostics: [StoreDiagnostic] = []
    private(set) var errorEntries = 0
    /// The record names of the error entries that name a record, in order (`sync status` lists them).
    package private(set) var erroredRecordNames: [String] = []

    package init(file: String) {
        self.file = file
    }

    package mutating func read(_ document: JSONValue) {
        switch document {
        case .object(let object):
            readObject(object)
        case .array(let elements):
            for (position, element) in elements.enumerated() {
                if let object = element.objectValue, isResponse(object) {
                    readObject(object)
                } else {
                    readRecordEntry(element, position: position + 1)
                }
            }
        default:
            warnNoRecords()
        }
    }

    private func isResponse(_ object: JSONObject) -> Bool {
        object["records"]?.arrayValue != nil || object["zones"]?.arrayValue != nil
            || object["members"] != nil || object["chores"] != nil
    }

    private mutating func readObject(_ object: JSONObject) {
        if let records = object["records"]?.arrayValue {
            readRecordList(records)
        } else if let zones = object["zones"]?.arrayValue {
            for zone in zones { readZone(zone) }
        } else if object["members"] != nil || object["chores"] != nil {
            var native = NativeExportReader(file: file)
            native.read(object)
            entries += native.entries
            diagnostics += native.diagnostics
        } else if object["serverErrorCode"] != nil {
            warnErrorEntry(object, recordName: nil)
        } else if object["recordName"] != nil {
            readRecordEntry(.object(object), position: 1)
        } else {
            warnNoRecords()
        }
    }

    private mutating func readZone(_ zone: JSONValue) {
        guard let object = zone.objectValue else { return }
        if object["serverErrorCode"] != nil {
            warnErrorEntry(object, recordName: nil)
            return
        }
        readRecordList(object["records"]?.arrayValue ?? [])
    }

    /// A page with `"moreComing": true` is one of several in a synced store (SPEC §2): no warning.
    private mutating func readRecordList(_ records: [JSONValue]) {
        for (position, element) in records.enumerated() {
            readRecordEntry(element, position: position + 1)
        }
    }

    private mutating func readRecordEntry(_ element: JSONValue, position: Int) {
        guard let object = element.objectValue else {
            diagnostics.append(
                StoreDiagnostic(
                    .warning, file: file,
                    "entry \(position) is \"\(element.snippet)\", not a record object; it is skipped."))
            return
        }
        let recordName = object["recordName"]?.stringValue
        if object["serverErrorCode"] != nil {
            warnErrorEntry(object, recordName: recordName)
            return
        }
        guard let recordName, !recordName.isEmpty else {
            diagnostics.append(
                StoreDiagnostic(
                    .warning, file: file,
                    "entry \(position) has no recordName, so it is not a record; it is skipped."))
            return
        }
        if object["deleted"] == .bool(true) {
            entries.append(.tombstone(recordName: recordName))
            return
        }
        guard let recordType = object["recordType"]?.stringValue, !recordType.isEmpty else {
            diagnostics.append(
                StoreDiagnostic(
                    .warning, file: file,
                    "record \"\(recordName)\" has no recordType and is not a deletion; it is skipped."))
            return
        }
        let label = "\(recordType) \"\(recordName)\""
        entries.append(
            .record(
                RawRecord(
                    recordName: recordName, recordType: recordType, fields: object["fields"]?.objectValue ?? [:],
                    wrapped: true,
                    modifiedMillis: changeMillis(object, "modified", of: label),
                    createdMillis: changeMillis(object, "created", of: label), file: file,
                    changeTag: object["recordChangeTag"]?.stringValue, entry: object)))
    }

    /// A change timestamp (`modified` or `created`): milliseconds (Web Services) or an ISO 8601
    /// string (cktool), in the years `FieldReader` accepts; any other value is ignored with a warning.
    private mutating func changeMillis(_ object: JSONObject, _ key: String, of label: String) -> Int64? {
        guard let value = object[key]?["timestamp"], value != .null else { return nil }
        let millis = value.integerValue ?? value.stringValue.flatMap(ISODateTime.instantMillis)
        if let millis, FieldReader.validMillis.contains(millis) { return millis }
        diagnostics.append(
            StoreDiagnostic(
                .warning, file: file,
                "\(label): its \"\(key).timestamp\" should be a TIMESTAMP but is \(FieldReader.describe(value)); it is ignored."
            ))
        return nil
    }

    private mutating func warnErrorEntry(_ object: JSONObject, recordName: String?) {
        errorEntries += 1
        if let recordName { erroredRecordNames.append(recordName) }
        let code = object["serverErrorCode"]?.snippet ?? "?"
        let reason = object["reason"]?.stringValue.map { ": \($0)" } ?? ""
        let subject = recordName.map { "record \"\($0)\" is" } ?? "the response holds"
        diagnostics.append(
            StoreDiagnostic(
                .warning, file: file,
                "\(subject) a CloudKit error (\(code)\(reason)); it is skipped."))
    }

    private mutating func warnNoRecords() {
        diagnostics.append(
            StoreDiagnostic(
                .warning, file: file,
                "the file holds no records: expected a CloudKit response (with \"records\" or \"zones\"), an array of records, or a native export (with \"members\" and \"chores\"); it is skipped."
            ))
    }
}
