import JSON

/// Records in the app's shape (SPEC §2) for the test server to hold.
enum ServerRecords {
    static func member(_ id: String, name: String, role: String = "child") -> JSONObject {
        [
            "recordName": .string(id), "recordType": .string("FamilyMember"),
            "fields": .object([
                "name": field(.string(name), "STRING"), "role": field(.string(role), "STRING"),
            ]),
        ]
    }

    static func chore(
        _ id: String, title: String, assignedTo: String? = nil, isDone: Bool = false, recurrence: String = "daily"
    ) -> JSONObject {
        var fields: JSONObject = [
            "title": field(.string(title), "STRING"), "isDone": field(.integer(isDone ? 1 : 0), "INT64"),
            "recurrence": field(.string(recurrence), "STRING"),
            "createdAt": field(.integer(1_746_000_000_000), "TIMESTAMP"),
            "dueDate": field(.integer(1_746_003_600_000), "TIMESTAMP"),
        ]
        if let assignedTo { fields["assignedTo"] = field(.string(assignedTo), "STRING") }
        return ["recordName": .string(id), "recordType": .string("Chore"), "fields": .object(fields)]
    }

    private static func field(_ value: JSONValue, _ type: String) -> JSONValue {
        .object(["value": value, "type": .string(type)])
    }
}
