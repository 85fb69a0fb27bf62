/// What a record type means to aemtli (SPEC §2's table), with the field-name prefix it uses.
enum RecordKind: Equatable {
    case chore(prefix: String)
    case member(prefix: String)
    case familyRoot
    case share
    case unknown

    init(recordType: String) {
        switch recordType {
        case "Chore": self = .chore(prefix: "")
        case "CD_Chore": self = .chore(prefix: "CD_")
        case "FamilyMember": self = .member(prefix: "")
        case "CD_FamilyMember": self = .member(prefix: "CD_")
        case "FamilyRoot": self = .familyRoot
        default: self = recordType.lowercased() == "cloudkit.share" ? .share : .unknown
        }
    }

    static let choreFields: Set<String> = [
        "title", "assignedTo", "dueDate", "isDone", "recurrence", "createdAt", "deadline",
    ]
    static let memberFields: Set<String> = ["name", "role", "iCloudUserID"]
    /// Fields NSPersistentCloudKitContainer adds to every record besides the model's own.
    static let coreDataFields: Set<String> = ["id", "entityName"]

    /// Whether `field` (as spelled in the record) is one aemtli reads for this kind.
    func knows(field: String) -> Bool {
        switch self {
        case .chore(let prefix): return Self.isKnown(field, prefix: prefix, fields: Self.choreFields)
        case .member(let prefix): return Self.isKnown(field, prefix: prefix, fields: Self.memberFields)
        case .familyRoot, .share, .unknown: return true
        }
    }

    private static func isKnown(_ field: String, prefix: String, fields: Set<String>) -> Bool {
        if prefix.isEmpty { return fields.contains(field) }
        guard field.hasPrefix(prefix) else { return false }
        let name = String(field.dropFirst(prefix.count))
        return fields.contains(name) || (!prefix.isEmpty && coreDataFields.contains(name))
    }
}
