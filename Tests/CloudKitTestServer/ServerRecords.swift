import JSON

/// Records in the app's shape (SPEC §2) for the test server to hold.
package enum ServerRecords {
    /// The family the tests and `cloudkit-test-server` start from: a parent (`m1`), two children
    /// (`m2` Anna, `m3` Max) and `chores` daily chores "Chore 0", "Chore 1", … assigned in turn.
    package static func family(chores: Int) -> [JSONObject] {
        var records = [
            member("m1", name: "Parent", role: "parent"), member("m2", name: "Anna"), member("m3", name: "Max"),
        ]
        for index in 0..<chores {
            records.append(chore(choreID(index), title: "Chore \(index)", assignedTo: index % 2 == 0 ? "m2" : "m3"))
        }
        return records
    }

    /// `c00000`, `c00001`, …: record names that sort as their numbers do.
    package static func choreID(_ index: Int) -> String {
        "c" + String(repeating: "0", count: max(0, 5 - String(index).count)) + String(index)
    }

    package static func member(_ id: String, name: String, role: String = "child") -> JSONObject {
        [
            "recordName": .string(id), "recordType": .string("FamilyMember"),
            "fields": .object([
                "name": field(.string(name), "STRING"), "role": field(.string(role), "STRING"),
            ]),
        ]
    }

    package static func chore(
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

    /// A record field as CloudKit sends and takes it.
    package static func field(_ value: JSONValue, _ type: String) -> JSONValue {
        .object(["value": value, "type": .string(type)])
    }
}
