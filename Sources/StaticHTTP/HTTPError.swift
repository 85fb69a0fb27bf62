/// Why a request was refused, or why the server could not start: the one error of this module.
/// Values from the client are quoted with control and non-ASCII bytes shown as `\xNN`, so a
/// message is safe to print or log whatever the client sent.
public struct HTTPError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Reason: Equatable, Sendable {
        /// The head did not end within the limit of bytes.
        case headTooLarge(limit: Int)
        case requestLineMalformed(String)
        case methodInvalid(String)
        case versionUnsupported(String)
        /// The target is not a path starting with `/` (absolute or authority forms, `*`).
        case targetNotAPath(String)
        case headerMalformed(String)
        /// A field that must appear once appeared again (`Host`, `Content-Length`).
        case headerRepeated(String)
        case hostMissing
        case contentLengthInvalid(String)
        case transferEncodingUnsupported(String)
        case percentEncodingInvalid(String)
        /// `%2F`, `%5C`, `%2E` or `%00` in a path: refused rather than decoded.
        case encodedSeparatorOrDot(String)
        case backslashInPath(String)
        case controlCharacterInPath(String)
        case emptySegment(String)
        /// A segment starting with `.`: `..`, `.`, and every hidden name.
        case hiddenSegment(String)
        case listenAddressInvalid(String)
        case listenFailed(address: String, detail: String)
        /// Something else listens on the address already (`EADDRINUSE`), most often the same
        /// server started before: the caller can say so.
        case addressInUse(address: String, detail: String)
    }

    public var reason: Reason

    public init(_ reason: Reason) {
        self.reason = reason
    }

    /// The status a refusal of this kind is answered with.
    public var status: Int {
        switch reason {
        case .headTooLarge: return 431
        case .versionUnsupported: return 505
        case .hiddenSegment: return 404
        default: return 400
        }
    }

    public var description: String {
        switch reason {
        case .headTooLarge(let limit):
            return "The request head did not end within \(limit) bytes."
        case .requestLineMalformed(let line):
            return "The request line \"\(Self.visible(line))\" is not METHOD TARGET HTTP/1.x."
        case .methodInvalid(let method):
            return "The method \"\(Self.visible(method))\" in the request line is not an HTTP token."
        case .versionUnsupported(let version):
            return "The version \"\(Self.visible(version))\" in the request line is not HTTP/1.0 or HTTP/1.1."
        case .targetNotAPath(let target):
            return "The request target \"\(Self.visible(target))\" does not start with \"/\"."
        case .headerMalformed(let line):
            return "The header line \"\(Self.visible(line))\" is not NAME: VALUE."
        case .headerRepeated(let name):
            return "The header \"\(Self.visible(name))\" appears more than once in the request."
        case .hostMissing:
            return "The HTTP/1.1 request has no Host header."
        case .contentLengthInvalid(let value):
            return "The Content-Length \"\(Self.visible(value))\" is not a decimal number of bytes."
        case .transferEncodingUnsupported(let value):
            return "The Transfer-Encoding \"\(Self.visible(value))\" is not accepted; send a Content-Length."
        case .percentEncodingInvalid(let path):
            return "The path \"\(Self.visible(path))\" has a % not followed by two hex digits."
        case .encodedSeparatorOrDot(let path):
            return "The path \"\(Self.visible(path))\" encodes a slash, backslash, dot or NUL."
        case .backslashInPath(let path):
            return "The path \"\(Self.visible(path))\" holds a backslash."
        case .controlCharacterInPath(let path):
            return "The path \"\(Self.visible(path))\" decodes to a control character or to bytes that are not UTF-8."
        case .emptySegment(let path):
            return "The path \"\(Self.visible(path))\" has an empty segment (two slashes in a row)."
        case .hiddenSegment(let path):
            return "The path \"\(Self.visible(path))\" has a segment starting with a dot."
        case .listenAddressInvalid(let address):
            return "The listen address \"\(Self.visible(address))\" is not an IPv4 or IPv6 address or localhost."
        case .listenFailed(let address, let detail), .addressInUse(let address, let detail):
            return "Listening on \(Self.visible(address)) failed: \(detail)."
        }
    }

    /// At most 200 characters of `text`, with control characters, quotes, backslashes and the
    /// marks that reorder text on a terminal written as escapes (`\x00`, `\u{202E}`).
    static func visible(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars.prefix(200) {
            switch scalar.value {
            case 0..<0x20, 0x22, 0x5C, 0x7F...0x9F:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\x" + (hex.count == 1 ? "0" + hex : hex)
            case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return text.unicodeScalars.count > 200 ? result + "…" : result
    }
}
