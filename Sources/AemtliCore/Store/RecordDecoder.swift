import Foundation
import JSON

/// Turns merged raw records into the family model with SPEC §2's soft schema checking: a record
/// with a missing or mistyped required field is skipped with one warning; lesser problems are
/// repaired as the spec says, each with one warning naming the file, the record and the field.
package struct RecordDecoder {
    private(set) var diagnostics: [StoreDiagnostic] = []
    private(set) var ignoredRecordTypes: [String: Int] = [:]
    private(set) var skippedRecords = 0
    private var noticedFields: Set<String> = []

    mutating func decode(_ records: [RawRecord]) -> Family {
        var memberRecords: [(RawRecord, String)] = []
        var choreRecords: [(RawRecord, String)] = []
        var shareTitle: String?
        for record in records {
            let kind = RecordKind(recordType: record.recordType)
            noticeUnknownFields(of: record, kind: kind)
            switch kind {
            case .member(let prefix): memberRecords.append((record, prefix))
            case .chore(let prefix): choreRecords.append((record, prefix))
            case .share:
                if case .value(let title) = FieldReader(record: record, prefix: "").string("cloudkit.title") {
                    shareTitle = title
                }
            case .familyRoot: break
            case .unknown:
                if ignoredRecordTypes[record.recordType] == nil {
                    diagnostics.append(
                        StoreDiagnostic(
                            .notice, file: record.file,
                            "records of type \"\(record.recordType)\" are not used by aemtli and are ignored."))
                }
                ignoredRecordTypes[record.recordType, default: 0] += 1
            }
        }
        let members = memberRecords.compactMap { decodeMember($0.0, prefix: $0.1) }.sorted { $0.id < $1.id }
        let memberIDs = Set(members.map(\.id))
        let chores = choreRecords.compactMap { decodeChore($0.0, prefix: $0.1, memberIDs: memberIDs) }
            .sorted { $0.id < $1.id }
        return Family(shareTitle: shareTitle, members: members, chores: chores)
    }

    private mutating func decodeMember(_ record: RawRecord, prefix: String) -> FamilyMember? {
        let fields = FieldReader(record: record, prefix: prefix)
        guard let name = required(fields.string("name"), "name", .string, record),
            let roleText = required(fields.string("role"), "role", .string, record)
        else { return nil }
        var role = Role(rawValue: roleText)
        if role == nil {
            warn(record, "\(label(record)) has the unknown role \"\(roleText)\"; it is read as \"child\".")
            role = .child
        }
        return FamilyMember(
            id: modelID(record, fields), name: name, role: role ?? .child,
            iCloudUserID: optional(fields.string("iCloudUserID"), "iCloudUserID", .string, record),
            modified: record.modifiedMillis.map(Self.date))
    }

    /// One record read as a chore by the rules above, with the prefix its fields carry (`CD_` in
    /// NSPersistentCloudKitContainer's layout); nil when the reader keeps no chore of it (another
    /// type, a required field missing or mistyped). Its assignee stays as the record names it: which
    /// members there are is the whole store's matter, not one version's. Its warnings are the build's
    /// to say, so none are kept.
    package static func chore(_ record: RawRecord) -> (chore: Chore, fieldPrefix: String)? {
        guard case .chore(let prefix) = RecordKind(recordType: record.recordType) else { return nil }
        var decoder = RecordDecoder()
        return decoder.decodeChore(record, prefix: prefix, memberIDs: nil).map { ($0, prefix) }
    }

    /// `memberIDs` nil: the assignee is not checked.
    private mutating func decodeChore(_ record: RawRecord, prefix: String, memberIDs: Set<String>?) -> Chore? {
        let fields = FieldReader(record: record, prefix: prefix)
        guard let title = required(fields.string("title"), "title", .string, record),
            let doneValue = required(fields.int64("isDone"), "isDone", .int64, record),
            let recurrenceText = required(fields.string("recurrence"), "recurrence", .string, record),
            let createdAt = required(fields.timestamp("createdAt"), "createdAt", .timestamp, record)
        else { return nil }
        var recurrence = Recurrence(rawValue: recurrenceText)
        if recurrence == nil {
            warn(record, "\(label(record)) has the unknown recurrence \"\(recurrenceText)\"; it is read as \"once\".")
            recurrence = .once
        }
        if doneValue != 0 && doneValue != 1 {
            warn(record, "\(label(record)) has isDone \"\(doneValue)\", which is neither 0 nor 1; it counts as done.")
        }
        var assignee = optional(fields.string("assignedTo"), "assignedTo", .string, record)
        if assignee == "" { assignee = nil }
        if let id = assignee, let memberIDs, !memberIDs.contains(id) {
            warn(
                record,
                "\(label(record)) is assigned to \"\(id)\", which names no family member; it is read as unassigned.")
            assignee = nil
        }
        return Chore(
            id: modelID(record, fields), title: title, assigneeID: assignee,
            dueDate: optional(fields.timestamp("dueDate"), "dueDate", .timestamp, record),
            isDone: doneValue != 0, recurrence: recurrence ?? .once, createdAt: createdAt,
            deadline: optional(fields.timestamp("deadline"), "deadline", .timestamp, record),
            modified: record.modifiedMillis.map(Self.date), created: record.createdMillis.map(Self.date))
    }

    /// The app's id: Core Data keeps it in `CD_id`; everywhere else it is the record name.
    private func modelID(_ record: RawRecord, _ fields: FieldReader) -> String {
        guard !fields.prefix.isEmpty, case .value(let id) = fields.string("id"), !id.isEmpty else {
            return record.recordName
        }
        return id
    }

    private mutating func required<Value>(
        _ outcome: FieldReader.Outcome<Value>, _ field: String, _ type: FieldType, _ record: RawRecord
    ) -> Value? {
        switch outcome {
        case .value(let value): return value
        case .absent:
            warn(record, "\(label(record)) is skipped: its required field \"\(field)\" is missing.")
        case .mistyped(let found):
            warn(
                record,
                "\(label(record)) is skipped: its required field \"\(field)\" should be \(type.withArticle) but is \(found)."
            )
        }
        skippedRecords += 1
        return nil
    }

    private mutating func optional<Value>(
        _ outcome: FieldReader.Outcome<Value>, _ field: String, _ type: FieldType, _ record: RawRecord
    ) -> Value? {
        switch outcome {
        case .value(let value): return value
        case .absent: return nil
        case .mistyped(let found):
            warn(
                record,
                "\(label(record)): its field \"\(field)\" should be \(type.withArticle) but is \(found); the field is ignored."
            )
            return nil
        }
    }

    private mutating func noticeUnknownFields(of record: RawRecord, kind: RecordKind) {
        for field in record.fields.members.lazy.map(\.key) where !kind.knows(field: field) {
            let key = record.recordType + "\u{0}" + field
            guard noticedFields.insert(key).inserted else { continue }
            diagnostics.append(
                StoreDiagnostic(
                    .notice, file: record.file,
                    "field \"\(field)\" of \(record.recordType) records is not used by aemtli and is ignored."))
        }
    }

    /// `Chore "Staubsaugen" (A1B2…)`: the title or name a parent sees in the app, when the record
    /// has one, and the record name; else `Chore "A1B2…"`.
    private func label(_ record: RawRecord) -> String {
        let shown: (field: String, prefix: String)?
        switch RecordKind(recordType: record.recordType) {
        case .chore(let prefix): shown = ("title", prefix)
        case .member(let prefix): shown = ("name", prefix)
        case .share, .familyRoot, .unknown: shown = nil
        }
        if let shown, case .value(let text) = FieldReader(record: record, prefix: shown.prefix).string(shown.field),
            !text.isEmpty
        {
            return "\(record.recordType) \"\(text)\" (\(record.recordName))"
        }
        return "\(record.recordType) \"\(record.recordName)\""
    }

    private mutating func warn(_ record: RawRecord, _ message: String) {
        diagnostics.append(StoreDiagnostic(.warning, file: record.file, message))
    }

    private static func date(_ millis: Int64) -> Date {
        Date(millis: millis)
    }
}
