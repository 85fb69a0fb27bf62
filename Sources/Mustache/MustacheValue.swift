/// The data a template renders: a closed set of values, built from JSON or by Swift code that
/// prepares view data. No reflection, no `Any`.
public enum MustacheValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case list([MustacheValue])
    case object(MustacheObject)

    /// Whether a section shows (and an inverted section hides): everything except null, false,
    /// zero, the empty string and the empty list, as in JavaScript and Python Mustache engines.
    public var isTruthy: Bool {
        switch self {
        case .null: return false
        case .bool(let value): return value
        case .int(let value): return value != 0
        case .double(let value): return value != 0
        case .string(let value): return !value.isEmpty
        case .list(let values): return !values.isEmpty
        case .object: return true
        }
    }

    /// The text an interpolation tag writes: numbers as the Mustache spec shows them (`85`, `1.21`),
    /// nothing for null, lists and objects.
    public var text: String {
        switch self {
        case .null, .list, .object: return ""
        case .bool(let value): return value ? "true" : "false"
        case .int(let value): return String(value)
        case .double(let value):
            if value.rounded() == value, abs(value) < 1e15 { return String(Int64(value)) }
            return "\(value)"
        case .string(let value): return value
        }
    }
}

extension MustacheValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: MustacheValue...) { self = .list(elements) }
    public init(nilLiteral: ()) { self = .null }
    public init(dictionaryLiteral elements: (String, MustacheValue)...) {
        self = .object(MustacheObject(literal: elements))
    }
}
