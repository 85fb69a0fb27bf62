/// A request's head (request line and header fields) read from bytes by a pure function, so that
/// it can be tested on written requests and fuzzed. Strict where leniency has let requests be
/// read two ways (request smuggling): single spaces in the request line, no whitespace before a
/// colon, no folded lines, one Host, one Content-Length, no Transfer-Encoding.
public struct RequestHead: Equatable, Sendable {
    public var method: String
    /// The target as sent: a path, perhaps with a query, still percent-encoded.
    public var target: String
    /// 0 for HTTP/1.0, 1 for HTTP/1.1.
    public var minorVersion: Int
    public var headers: [HTTPHeader]
    /// The Host field's value; nil only for HTTP/1.0 without one.
    public var host: String?
    /// The body's length in bytes; 0 without a Content-Length.
    public var contentLength: Int
    /// Whether the client lets the connection stay open after the answer.
    public var keepAlive: Bool

    /// The first value of the field `name` (compared without case).
    public func value(of name: String) -> String? {
        headers.first { Self.sameName($0.name, name) }?.value
    }

    /// The length of the head at the start of `bytes` (through the empty line), or nil when
    /// its end has not arrived yet.
    public static func length(in bytes: UnsafeRawBufferPointer, searchingFrom start: Int = 0) -> Int? {
        guard bytes.count >= 4 else { return nil }
        var index = max(0, start - 3)
        while index + 3 < bytes.count {
            if bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
                return index + 4
            }
            index += 1
        }
        return nil
    }

    /// Reads `bytes`, which hold exactly one head ending with an empty line (CR LF CR LF).
    public static func parse(_ bytes: UnsafeRawBufferPointer) throws -> RequestHead {
        var lines = Lines(bytes: bytes)
        // An empty line or two before a request is what some clients leave after a body.
        var requestLine = lines.next()
        while let line = requestLine, line.isEmpty { requestLine = lines.next() }
        guard let requestLine else { throw HTTPError(.requestLineMalformed("")) }
        var head = try parseRequestLine(requestLine)
        var contentLength: String?
        var connection: [String] = []
        while true {
            guard let line = lines.next() else { throw HTTPError(.headerMalformed(text(bytes[lines.position...]))) }
            if line.isEmpty { break }
            let header = try parseHeader(line)
            switch header.name.lowercased() {
            case "host":
                guard head.host == nil else { throw HTTPError(.headerRepeated(header.name)) }
                head.host = header.value
            case "content-length":
                guard contentLength == nil else { throw HTTPError(.headerRepeated(header.name)) }
                contentLength = header.value
            case "transfer-encoding":
                throw HTTPError(.transferEncodingUnsupported(header.value))
            case "connection":
                connection += header.value.split(separator: ",").map { trimmed(Substring($0)).lowercased() }
            default:
                break
            }
            head.headers.append(header)
        }
        if let contentLength {
            guard !contentLength.isEmpty, contentLength.utf8.count <= 15,
                contentLength.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let length = Int(contentLength)
            else { throw HTTPError(.contentLengthInvalid(contentLength)) }
            head.contentLength = length
        }
        if head.minorVersion == 1 && head.host == nil { throw HTTPError(.hostMissing) }
        head.keepAlive = head.minorVersion == 1 ? !connection.contains("close") : connection.contains("keep-alive")
        return head
    }

    /// `parse` over an array, for tests and the fuzz target.
    public static func parse(_ bytes: [UInt8]) throws -> RequestHead {
        try bytes.withUnsafeBytes { try parse($0) }
    }

    private static func parseRequestLine(_ line: Slice<UnsafeRawBufferPointer>) throws -> RequestHead {
        let parts = line.split(separator: 0x20, omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw HTTPError(.requestLineMalformed(text(line))) }
        let (method, target, version) = (parts[0], parts[1], parts[2])
        guard !method.isEmpty, method.allSatisfy(isTokenByte) else { throw HTTPError(.methodInvalid(text(method))) }
        guard target.first == UInt8(ascii: "/") else { throw HTTPError(.targetNotAPath(text(target))) }
        guard target.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { throw HTTPError(.requestLineMalformed(text(line))) }
        let minor: Int
        switch text(version) {
        case "HTTP/1.1": minor = 1
        case "HTTP/1.0": minor = 0
        case let other where other.hasPrefix("HTTP/"): throw HTTPError(.versionUnsupported(other))
        default: throw HTTPError(.requestLineMalformed(text(line)))
        }
        return RequestHead(
            method: text(method), target: text(target), minorVersion: minor, headers: [],
            host: nil, contentLength: 0, keepAlive: false)
    }

    private static func parseHeader(_ line: Slice<UnsafeRawBufferPointer>) throws -> HTTPHeader {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { throw HTTPError(.headerMalformed(text(line))) }
        let name = line[line.startIndex..<colon]
        guard !name.isEmpty, name.allSatisfy(isTokenByte) else { throw HTTPError(.headerMalformed(text(line))) }
        var value = line[(colon + 1)...]
        while let first = value.first, first == 0x20 || first == 0x09 { value = value.dropFirst() }
        while let last = value.last, last == 0x20 || last == 0x09 { value = value.dropLast() }
        // Field values are visible bytes, spaces and tabs; a CR, LF, NUL or other control byte
        // inside one is how a second header or request is smuggled in.
        guard value.allSatisfy({ $0 >= 0x20 && $0 != 0x7F || $0 == 0x09 }) else {
            throw HTTPError(.headerMalformed(text(line)))
        }
        return HTTPHeader(text(name), text(value))
    }

    /// The lines of a head, split at CR LF; a lone CR or LF stays inside its line (and is then
    /// refused by the checks of the request line or field value).
    private struct Lines {
        let bytes: UnsafeRawBufferPointer
        var position = 0

        mutating func next() -> Slice<UnsafeRawBufferPointer>? {
            var index = position
            while index + 1 < bytes.count {
                if bytes[index] == 13 && bytes[index + 1] == 10 {
                    let line = bytes[position..<index]
                    position = index + 2
                    return line
                }
                index += 1
            }
            return nil
        }
    }

    /// RFC 9110's tchar: the bytes of a method or a field name.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    static func sameName(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && zip(a.utf8, b.utf8).allSatisfy { asciiLower($0) == asciiLower($1) }
    }

    private static func asciiLower(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte + 32 : byte
    }

    private static func text<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
        String(decoding: bytes, as: UTF8.self)
    }

    private static func trimmed(_ text: Substring) -> String {
        String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
