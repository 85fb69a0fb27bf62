import Foundation
import JSON

/// Reads one raw record's fields by their expected CloudKit type, following SPEC §2: a missing
/// `type` tag lets the expected type decide; a value of the wrong shape is mistyped, never a crash.
struct FieldReader {
    enum Outcome<Value> {
        case absent
        case value(Value)
        /// The field is there but is not of the expected type; the text describes what it is.
        case mistyped(String)
    }

    let record: RawRecord
    /// `CD_` for Core Data records, else empty.
    let prefix: String

    /// Timestamps outside 1900–2999 are garbage (CloudKit has been seen sending year 0).
    static let validMillis: ClosedRange<Int64> = -2_208_988_800_000...32_503_679_999_999

    func raw(_ name: String) -> FieldValue? {
        guard let entry = record.fields[prefix + name] else { return nil }
        var field = FieldValue(value: entry, tag: nil)
        if record.wrapped, let wrapper = entry.objectValue, let value = wrapper["value"] {
            field = FieldValue(value: value, tag: wrapper["type"]?.stringValue)
        }
        return field.value == .null ? nil : field
    }

    func string(_ name: String) -> Outcome<String> {
        guard let field = raw(name) else { return .absent }
        if let problem = tagMismatch(field, expected: .string) { return .mistyped(problem) }
        guard let text = field.value.stringValue else { return .mistyped(Self.describe(field.value)) }
        return .value(text)
    }

    /// An INT64 field: a JSON integer, a numeric string (`numbersAsStrings`), or a bool (native export).
    func int64(_ name: String) -> Outcome<Int64> {
        guard let field = raw(name) else { return .absent }
        if let problem = tagMismatch(field, expected: .int64) { return .mistyped(problem) }
        switch field.value {
        case .bool(let flag): return .value(flag ? 1 : 0)
        case .string(let text): return Int64(text).map { .value($0) } ?? .mistyped(Self.describe(field.value))
        default: return field.value.integerValue.map { .value($0) } ?? .mistyped(Self.describe(field.value))
        }
    }

    /// A TIMESTAMP field: milliseconds since 1970 (Web Services), or an ISO 8601 instant
    /// (cktool, native export).
    func timestamp(_ name: String) -> Outcome<Date> {
        guard let field = raw(name) else { return .absent }
        if let problem = tagMismatch(field, expected: .timestamp) { return .mistyped(problem) }
        let millis: Int64?
        switch field.value {
        case .string(let text): millis = Int64(text) ?? ISODateTime.instantMillis(text)
        default: millis = field.value.integerValue
        }
        guard let millis, Self.validMillis.contains(millis) else { return .mistyped(Self.describe(field.value)) }
        return .value(Date(millis: millis))
    }

    private func tagMismatch(_ field: FieldValue, expected: FieldType) -> String? {
        guard let tag = field.tag, FieldType(tag: tag) != expected else { return nil }
        return "tagged \"\(tag)\""
    }

    static func describe(_ value: JSONValue) -> String {
        "\"\(value.snippet)\""
    }
}
