/// A JSON document as a closed tree of values.
///
/// Integers that fit in 64 bits stay exact (CloudKit's millisecond timestamps and INT64 fields),
/// everything else numeric is a `Double`. Objects keep their members in order (see `JSONObject`).
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case integer(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)
}

extension JSONValue {
    /// The member named `key` when this is an object, else nil.
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    public var objectValue: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }

    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The value as an exact integer: an integer, or a double with no fractional part.
    public var integerValue: Int64? {
        switch self {
        case .integer(let value): return value
        case .double(let value):
            guard value.rounded() == value, abs(value) < 9.2e18 else { return nil }
            return Int64(value)
        default: return nil
        }
    }

    /// A short description of the value for messages: strings as they are, others as JSON.
    public var snippet: String {
        let text: String
        if case .string(let value) = self { text = value } else { text = serialized() }
        return text.count > 40 ? String(text.prefix(39)) + "…" : text
    }
}
