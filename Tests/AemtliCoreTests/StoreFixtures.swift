import Foundation

@testable import AemtliCore

/// Small CloudKit records written inline, so each test shows its whole input.
enum StoreFixtures {
    /// 2025-06-12T06:45:00Z.
    static let dueMillis: Int64 = 1_749_710_700_000
    /// 2025-05-01T08:00:00Z.
    static let createdMillis: Int64 = 1_746_086_400_000

    static func member(_ id: String, name: String = "Anna", role: String = "child", modified: Int64? = nil) -> String {
        record(
            id, "FamilyMember",
            [
                "name": #"{"value": "\#(name)", "type": "STRING"}"#,
                "role": #"{"value": "\#(role)", "type": "STRING"}"#,
            ], modified: modified)
    }

    static func chore(
        _ id: String, title: String = "Tisch decken", assignedTo: String? = nil, recurrence: String = "daily",
        isDone: String = "0", extra: [String: String] = [:], modified: Int64? = nil
    ) -> String {
        var fields = [
            "title": #"{"value": "\#(title)", "type": "STRING"}"#,
            "isDone": #"{"value": \#(isDone), "type": "INT64"}"#,
            "recurrence": #"{"value": "\#(recurrence)", "type": "STRING"}"#,
            "createdAt": #"{"value": \#(createdMillis), "type": "TIMESTAMP"}"#,
        ]
        if let assignedTo { fields["assignedTo"] = #"{"value": "\#(assignedTo)", "type": "STRING"}"# }
        fields.merge(extra) { $1 }
        return record(id, "Chore", fields, modified: modified)
    }

    static func record(_ name: String, _ type: String, _ fields: [String: String], modified: Int64? = nil) -> String {
        let body = fields.keys.sorted().map { "\"\($0)\": \(fields[$0]!)" }.joined(separator: ", ")
        let stamp = modified.map { #", "modified": {"timestamp": \#($0)}"# } ?? ""
        return #"{"recordName": "\#(name)", "recordType": "\#(type)", "fields": {\#(body)}\#(stamp)}"#
    }

    static func query(_ records: String...) -> String {
        #"{"records": [\#(records.joined(separator: ", "))]}"#
    }

    static func read(_ files: (String, String)...) throws -> StoreReadResult {
        try StoreReader().read(files.map { StoreSource(name: $0.0, bytes: Array($0.1.utf8)) })
    }

    static func date(_ millis: Int64) -> Date {
        Date(timeIntervalSince1970: Double(millis) / 1000)
    }
}

extension StoreReadResult {
    /// The warnings as the command line shows them after `aemtli: warning: `.
    var warningLines: [String] { warnings.map(\.description) }
    var noticeLines: [String] { diagnostics.filter { $0.severity == .notice }.map(\.description) }
}
