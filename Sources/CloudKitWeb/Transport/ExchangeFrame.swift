/// One request or its outcome as bytes between `serve` and the child that sends the request
/// (`ChildProcessTransport`, `TransportChild`): a head of short lines, then the body as it is.
///
///     aemtli-request 1                  aemtli-response 1
///     timeouts 15 60                    status 200
///     POST https://…                    h Content-Type: application/json
///     h Content-Type: application/json  body 2
///     body 2                            {}
///     {}
///
/// A GET says `no body`; a request that got no answer says `failed timed-out` (or
/// `connection-lost`, `cannot-connect`, `other CODE`) instead of a status. The reader trusts
/// nothing: every line and count is bounded, and its errors never quote what they read (the
/// request's address holds the session token).
public enum ExchangeFrame {
    static let requestMagic = "aemtli-request 1"
    static let responseMagic = "aemtli-response 1"
    /// A line of the head: an address with its tokens fits many times over.
    public static let lineLimit = 65_536
    public static let headerLimit = 200
    /// A request's body: aemtli's largest write is a few kilobytes.
    public static let requestBodyLimit = 16 << 20
    /// A response's body: a page of CloudKit's records is a few hundred kilobytes; this leaves
    /// room for whatever an unusual page holds without letting a stranger's server fill memory.
    public static let responseBodyLimit = 64 << 20
    /// A whole request frame at most: its body and the lines before it (the two first, the
    /// request line, the headers and the body's line), each with its line feed.
    public static let requestLimit = requestBodyLimit + (lineLimit + 1) * (headerLimit + 4)
    /// A whole response frame at most: its body and its lines (the first, the status, the headers
    /// and the body's line).
    public static let responseLimit = responseBodyLimit + (lineLimit + 1) * (headerLimit + 3)

    // MARK: Requests

    /// The request's frame; nil when its address holds a line break (no address can).
    public static func encode(_ request: HTTPRequest, connectTimeout: Double, requestTimeout: Double) -> [UInt8]? {
        guard !request.url.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) else { return nil }
        var head = "\(requestMagic)\ntimeouts \(connectTimeout) \(requestTimeout)\n"
        head += "\(request.method.rawValue) \(request.url)\n"
        head += headerLines(request.headers)
        head += request.body.map { "body \($0.count)\n" } ?? "no body\n"
        return Array(head.utf8) + (request.body ?? [])
    }

    /// A request and the time limits to send it with, as `encode` wrote them.
    public static func decodeRequest(
        _ bytes: [UInt8]
    ) throws -> (
        request: HTTPRequest, connectTimeout: Double, requestTimeout: Double
    ) {
        var reader = FrameReader(bytes)
        guard try reader.line() == requestMagic else { throw FrameError(.notAFrame) }
        let timeouts = try reader.line().split(separator: " ", omittingEmptySubsequences: false)
        guard timeouts.count == 3, timeouts[0] == "timeouts", let connect = Double(timeouts[1]),
            let whole = Double(timeouts[2]), connect > 0, whole > 0, connect.isFinite, whole.isFinite
        else { throw FrameError(.malformedLine(reader.lineNumber)) }
        let start = Array(try reader.line().utf8)
        guard let space = start.firstIndex(of: 0x20),
            let method = HTTPRequest.Method(rawValue: String(decoding: start[..<space], as: UTF8.self)),
            space + 1 < start.count
        else { throw FrameError(.malformedLine(reader.lineNumber)) }
        let url = String(decoding: start[(space + 1)...], as: UTF8.self)
        let (headers, body) = try headersAndBody(&reader, bodyLimit: requestBodyLimit)
        guard (method == .get) == (body == nil) else { throw FrameError(.malformedLine(reader.lineNumber)) }
        return (HTTPRequest(method: method, url: url, headers: headers, body: body), connect, whole)
    }

    // MARK: Responses

    public static func encode(_ outcome: Result<HTTPResponse, TransportError>) -> [UInt8] {
        switch outcome {
        case .success(let response):
            var head = "\(responseMagic)\nstatus \(response.status)\n"
            head += headerLines(response.headers)
            head += "body \(response.body.count)\n"
            return Array(head.utf8) + response.body
        case .failure(let error):
            let word: String
            switch error.reason {
            case .timedOut: word = "timed-out"
            case .connectionLost: word = "connection-lost"
            case .cannotConnect: word = "cannot-connect"
            case .other(let code): word = "other \(code)"
            // Said by the parent only, never by a child.
            case .childFailed: word = "other 0"
            }
            return Array("\(responseMagic)\nfailed \(word)\n".utf8)
        }
    }

    /// A response, or the transport error the child met, as `encode` wrote them.
    public static func decodeResponse(_ bytes: [UInt8]) throws -> Result<HTTPResponse, TransportError> {
        var reader = FrameReader(bytes)
        guard try reader.line() == responseMagic else { throw FrameError(.notAFrame) }
        let first = try reader.line()
        if first.hasPrefix("failed ") {
            let reason: TransportError.Reason
            switch first.dropFirst(7) {
            case "timed-out": reason = .timedOut
            case "connection-lost": reason = .connectionLost
            case "cannot-connect": reason = .cannotConnect
            case let other where other.hasPrefix("other "):
                guard let code = Int(other.dropFirst(6)) else { throw FrameError(.malformedLine(reader.lineNumber)) }
                reason = .other(code: code)
            default: throw FrameError(.malformedLine(reader.lineNumber))
            }
            guard reader.atEnd else { throw FrameError(.bytesAfterEnd) }
            return .failure(TransportError(reason))
        }
        guard first.hasPrefix("status "), let status = Int(first.dropFirst(7)), (100...999).contains(status) else {
            throw FrameError(.malformedLine(reader.lineNumber))
        }
        let (headers, body) = try headersAndBody(&reader, bodyLimit: responseBodyLimit)
        guard let body else { throw FrameError(.malformedLine(reader.lineNumber)) }
        return .success(HTTPResponse(status: status, headers: headers, body: body))
    }

    // MARK: Both

    /// One `h NAME: VALUE` line per header; a header whose name or value would break a line (no
    /// HTTP header can hold a line break) is left out.
    private static func headerLines(_ headers: [(name: String, value: String)]) -> String {
        var lines = ""
        for header in headers.prefix(headerLimit) {
            // Bytes, not characters: only a line feed or a carriage return ends a line here.
            let breaks: (UInt8) -> Bool = { $0 == 0x0A || $0 == 0x0D }
            let name = header.name.utf8
            guard !name.isEmpty, !name.contains(where: { breaks($0) || $0 == 0x3A || $0 == 0x20 }),
                !header.value.utf8.contains(where: breaks)
            else { continue }
            lines += "h \(header.name): \(header.value)\n"
        }
        return lines
    }

    private static func headersAndBody(
        _ reader: inout FrameReader, bodyLimit: Int
    ) throws -> (
        [(name: String, value: String)], [UInt8]?
    ) {
        var headers: [(name: String, value: String)] = []
        while true {
            let line = try reader.line()
            let bytes = Array(line.utf8)
            if bytes.starts(with: [0x68, 0x20]) {  // "h "
                guard headers.count < headerLimit else { throw FrameError(.tooManyHeaders(headerLimit)) }
                // Read as bytes: only `: ` after a name of at least one byte without a colon or a
                // space ends it.
                guard
                    let colon = bytes.indices.dropFirst(4).first(where: { bytes[$0 - 1] == 0x3A && bytes[$0] == 0x20 })
                else { throw FrameError(.malformedLine(reader.lineNumber)) }
                let name = bytes[2..<(colon - 1)]
                guard !name.contains(0x3A), !name.contains(0x20) else {
                    throw FrameError(.malformedLine(reader.lineNumber))
                }
                headers.append(
                    (
                        name: String(decoding: name, as: UTF8.self),
                        value: String(decoding: bytes[(colon + 1)...], as: UTF8.self)
                    ))
                continue
            }
            if line == "no body" {
                guard reader.atEnd else { throw FrameError(.bytesAfterEnd) }
                return (headers, nil)
            }
            guard line.hasPrefix("body "), let count = Int(line.dropFirst(5)), count >= 0,
                String(count) == line.dropFirst(5)
            else { throw FrameError(.malformedLine(reader.lineNumber)) }
            guard count <= bodyLimit else { throw FrameError(.bodyTooLarge(limit: bodyLimit)) }
            let body = try reader.bytes(count)
            guard reader.atEnd else { throw FrameError(.bytesAfterEnd) }
            return (headers, body)
        }
    }
}
