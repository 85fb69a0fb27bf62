import JSON

extension MustacheValue {
    /// The JSON document as template data (`aemtli template render --data FILE`).
    public init(_ json: JSONValue) {
        switch json {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .integer(let value): self = .int(Int(value))
        case .double(let value): self = .double(value)
        case .string(let value): self = .string(value)
        case .array(let values): self = .list(values.map(MustacheValue.init))
        case .object(let object):
            var members = MustacheObject()
            members.reserveCapacity(object.members.count)
            for member in object.members { members[member.key] = MustacheValue(member.value) }
            self = .object(members)
        }
    }
}
