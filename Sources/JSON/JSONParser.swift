/// Parses UTF-8 JSON (RFC 8259) into a `JSONValue` in one pass over the bytes.
///
/// Strict where it matters for clear errors (no trailing commas, no comments, no raw control
/// characters in strings) and bounded in nesting so hostile input cannot exhaust the stack.
public struct JSONParser {
    public static let maximumDepth = 512

    /// Parses `bytes`, which may start with a UTF-8 byte order mark.
    public static func parse<Bytes: Collection>(_ bytes: Bytes) throws -> JSONValue where Bytes.Element == UInt8 {
        if let value = try bytes.withContiguousStorageIfAvailable({ try parseBuffer($0) }) { return value }
        return try Array(bytes).withUnsafeBufferPointer { try parseBuffer($0) }
    }

    public static func parse(_ text: String) throws -> JSONValue {
        try parse(Array(text.utf8))
    }

    private static func parseBuffer(_ buffer: UnsafeBufferPointer<UInt8>) throws -> JSONValue {
        var scanner = JSONScanner(buffer)
        scanner.skipByteOrderMark()
        scanner.skipWhitespace()
        let value = try scanner.parseValue(depth: 0)
        scanner.skipWhitespace()
        if !scanner.isAtEnd {
            throw scanner.error(.trailingContent(scanner.currentCharacter))
        }
        return value
    }
}
