/// A request target read as a path inside the site: percent-decoded, split into segments, and
/// refused when it could name anything outside the folder or hidden in it. Encoded slashes,
/// backslashes, dots and NUL are refused rather than decoded, so that no later step (the file
/// system, a proxy, a log reader) can read the path differently from these checks.
public struct SitePath: Equatable, Sendable {
    /// The decoded segments, none empty, none starting with a dot, none holding `/`, `\` or a
    /// control character.
    public var segments: [String]
    /// Whether the path ends with `/` (a folder, served by its `index.html`).
    public var endsWithSlash: Bool
    /// What follows `?` in the target, still encoded; nil without one.
    public var query: String?

    /// The decoded path, starting with `/`.
    public var path: String {
        "/" + segments.joined(separator: "/") + (endsWithSlash && !segments.isEmpty ? "/" : "")
    }

    public init(target: String) throws {
        let raw: Substring
        if let mark = target.firstIndex(of: "?") {
            raw = target[..<mark]
            query = String(target[target.index(after: mark)...])
        } else {
            raw = Substring(target)
            query = nil
        }
        guard raw.first == "/" else { throw HTTPError(.targetNotAPath(target)) }
        let decoded = try Self.decode(raw, target: target)
        var parts = decoded.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        endsWithSlash = parts.last?.isEmpty ?? true
        if endsWithSlash { parts = parts.dropLast() }
        segments = []
        for part in parts {
            guard !part.isEmpty else { throw HTTPError(.emptySegment(target)) }
            guard part.first != "." else { throw HTTPError(.hiddenSegment(target)) }
            segments.append(String(part))
        }
    }

    private static func decode(_ raw: Substring, target: String) throws -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(raw.utf8.count)
        var iterator = raw.utf8.makeIterator()
        while let byte = iterator.next() {
            var decoded = byte
            if byte == UInt8(ascii: "%") {
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                    throw HTTPError(.percentEncodingInvalid(target))
                }
                decoded = high << 4 | low
                if decoded == 0x2F || decoded == 0x5C || decoded == 0x2E || decoded == 0 {
                    throw HTTPError(.encodedSeparatorOrDot(target))
                }
            } else if byte == 0x5C {
                throw HTTPError(.backslashInPath(target))
            }
            guard decoded >= 0x20 && decoded != 0x7F else { throw HTTPError(.controlCharacterInPath(target)) }
            bytes.append(decoded)
        }
        // Decoding replaces ill-formed UTF-8, so a text that reads back differently was not UTF-8.
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.utf8.elementsEqual(bytes) else { throw HTTPError(.controlCharacterInPath(target)) }
        return text
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
