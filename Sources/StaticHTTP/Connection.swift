import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One client connection, served on its own thread with blocking reads bounded by poll():
/// read a head within the limits, check it, hand it to the server's handlers and send their
/// answer, and again while the client keeps the connection. Becomes an event stream, or the
/// handler's own, when the answer says so.
final class Connection {
    private let descriptor: Int32
    private let server: HTTPServer
    private let limits: ServerLimits
    private let client: String
    /// Received bytes not yet used: a head, perhaps a body, perhaps the next request.
    private var buffer: [UInt8]
    private var count = 0
    /// Requests answered so far, for `ServerLimits.requestsPerConnection`.
    private var answered = 0
    private var dateSecond = -1
    private var dateLine: [UInt8] = []

    init(descriptor: Int32, server: HTTPServer, client: String) {
        self.descriptor = descriptor
        self.server = server
        self.client = client
        limits = server.configuration.limits
        buffer = [UInt8](repeating: 0, count: limits.headBytes + 16 * 1024)
    }

    /// Serves requests until the client leaves, a limit ends it, or the server stops; the caller
    /// closes the socket.
    func run() {
        var first = true
        while !server.isStopping || count > 0 {
            guard let headLength = readHead(isFirst: first) else { return }
            first = false
            guard serve(headLength: headLength) else { return }
        }
    }

    // MARK: Reading

    private enum Outcome { case data, ended, timedOut, woken }

    /// Reads until a whole head is in the buffer and returns its length; nil when the connection
    /// is to close (already answered where an answer is due).
    private func readHead(isFirst: Bool) -> Int? {
        if count == 0 && !isFirst {
            // Between requests: the idle limit, and the server's stopping, apply.
            switch receive(until: Self.now() + limits.idleSeconds, wakeable: true) {
            case .data: break
            case .ended, .timedOut, .woken: return nil
            }
        }
        let deadline = Self.now() + limits.headSeconds
        var searched = 0
        while true {
            let found = buffer.withUnsafeBytes {
                RequestHead.length(in: UnsafeRawBufferPointer(rebasing: $0[0..<count]), searchingFrom: searched)
            }
            if let found {
                guard found <= limits.headBytes else { break }
                return found
            }
            guard count < limits.headBytes else { break }
            searched = count
            // A connection that has sent nothing yet (a browser's preconnect) has no answer in
            // flight: a stopping server closes it at once.
            switch receive(until: deadline, wakeable: count == 0) {
            case .data: continue
            case .ended, .woken: return nil
            case .timedOut:
                if count > 0 { refuse(408, reason: "The request head did not arrive in time.", method: "-", path: "-") }
                return nil
            }
        }
        refuse(431, reason: HTTPError(.headTooLarge(limit: limits.headBytes)).description, method: "-", path: "-")
        return nil
    }

    /// Receives what is there into the buffer's free end, waiting at most until `deadline`.
    private func receive(until deadline: Double, wakeable: Bool) -> Outcome {
        if count == buffer.count { return .ended }
        let milliseconds = Int(((deadline - Self.now()) * 1000).rounded(.up))
        guard milliseconds > 0 else { return .timedOut }
        switch Socket.wait(for: descriptor, wake: wakeable ? server.wakeDescriptor : -1, milliseconds: milliseconds) {
        case .timedOut: return .timedOut
        case .woken: return .woken
        case .readable: break
        }
        let received = buffer.withUnsafeMutableBytes {
            Socket.receive(descriptor, into: $0.baseAddress! + count, count: $0.count - count)
        }
        guard received > 0 else { return .ended }
        count += received
        return .data
    }

    /// Drops the first `length` bytes of the buffer, keeping what follows (a pipelined request).
    private func consume(_ length: Int) {
        let rest = count - length
        if rest > 0 {
            buffer.withUnsafeMutableBytes { raw in
                let base = raw.baseAddress!
                _ = memmove(base, base + length, rest)
            }
        }
        count = rest
    }

    // MARK: Answering

    /// Answers the head at the start of the buffer; false when the connection is to close.
    private func serve(headLength: Int) -> Bool {
        let head: RequestHead
        do {
            head = try buffer.withUnsafeBytes {
                try RequestHead.parse(UnsafeRawBufferPointer(rebasing: $0[0..<headLength]))
            }
        } catch let error as HTTPError {
            refuse(error.status, reason: error.description, method: "-", path: "-")
            return false
        } catch {
            return false
        }
        let path: SitePath
        do {
            path = try SitePath(target: head.target)
        } catch let error as HTTPError {
            refuse(error.status, reason: error.description, method: head.method, path: "-")
            return false
        } catch {
            return false
        }
        let decoded = path.path
        let shownPath = server.configuration.pathForLog(decoded)
        if let host = head.host, !server.hosts.allows(host) {
            refuse(
                421, reason: "This server does not answer for the host \"\(HTTPError.visible(host))\".",
                method: head.method, path: shownPath)
            return false
        }
        guard head.contentLength <= limits.bodyBytes else {
            refuse(
                413, reason: "The request body is larger than \(limits.bodyBytes) bytes.",
                method: head.method, path: shownPath)
            return false
        }
        guard let body = readBody(after: headLength, length: head.contentLength) else { return false }
        consume(headLength + head.contentLength)
        answered += 1
        let keepAlive = head.keepAlive && !server.isStopping && answered < limits.requestsPerConnection
        let request = ServerRequest(
            method: head.method, path: decoded, query: path.query, headers: head.headers, body: body, client: client,
            target: path)
        guard let answer = server.respond(to: request) else {
            let sent = sendText(404, "Not found.\n", head: head, keepAlive: keepAlive, extra: "")
            log(head.method, shownPath, 404, 0)
            return sent && keepAlive
        }
        return send(answer, for: head, path: shownPath, keepAlive: keepAlive)
    }

    /// Sends a handler's answer; false when the connection is to close.
    private func send(_ answer: ServerResponse, for head: RequestHead, path shownPath: String, keepAlive: Bool) -> Bool
    {
        let isHead = head.method == "HEAD"
        switch answer.kind {
        case .answer:
            var lines = answer.names("Cache-Control") ? "" : "Cache-Control: no-store\r\n"
            lines += ServerResponse.safetyLines
            if !answer.names("Content-Security-Policy") { lines += ServerResponse.ownPolicyLine }
            for header in answer.headers { lines += "\(header.name): \(header.value)\r\n" }
            lines += "Content-Length: \(answer.body.count)\r\n"
            let sent = send(
                status: answer.status, minorVersion: head.minorVersion, keepAlive: keepAlive,
                lines: Array(lines.utf8), body: isHead ? [] : answer.body)
            log(head.method, shownPath, answer.status, isHead ? 0 : answer.body.count)
            return sent && keepAlive
        case .plain(let text, let extra):
            let sent = sendText(answer.status, text, head: head, keepAlive: keepAlive, extra: extra)
            log(head.method, shownPath, answer.status, 0)
            return sent && keepAlive
        case .refusal(let reason, let allow):
            refuse(answer.status, reason: reason, method: head.method, path: shownPath, allow: allow)
            return false
        case .file(let version):
            let sent = send(
                status: 200, minorVersion: head.minorVersion, keepAlive: keepAlive,
                lines: version.headerLines, body: isHead ? [] : version.bytes)
            log(head.method, shownPath, 200, isHead ? 0 : version.bytes.count)
            return sent && keepAlive
        case .notModified(let version):
            let sent = send(
                status: 304, minorVersion: head.minorVersion, keepAlive: keepAlive,
                lines: version.notModifiedLines, body: [])
            log(head.method, shownPath, 304, 0)
            return sent && keepAlive
        case .eventStream:
            guard head.method == "GET" else {
                refuse(
                    405, reason: "The event stream is read with GET.", method: head.method, path: shownPath,
                    allow: "GET")
                return false
            }
            streamEvents(head: head, path: shownPath)
            return false
        case .takeOver(let body):
            // What goes out is the handler's; the server only closes the connection after it.
            body(TakenConnection(descriptor: descriptor, wake: server.wakeDescriptor))
            return false
        }
    }

    /// The body that follows the head (already partly in the buffer), read within the head's
    /// time limit; nil when it did not come whole.
    private func readBody(after headLength: Int, length: Int) -> [UInt8]? {
        guard length > 0 else { return [] }
        if headLength + length > buffer.count {
            // A body larger than the buffer (a handler's limit may allow megabytes): room for it.
            buffer += [UInt8](repeating: 0, count: headLength + length - buffer.count)
        }
        let deadline = Self.now() + limits.headSeconds
        while count < headLength + length {
            guard receive(until: deadline, wakeable: false) == .data else { return nil }
        }
        return Array(buffer[headLength..<(headLength + length)])
    }

    private func sendText(_ status: Int, _ text: String, head: RequestHead, keepAlive: Bool, extra: String) -> Bool {
        let body = Array(text.utf8)
        let lines =
            "Content-Type: text/plain; charset=utf-8\r\nContent-Length: \(body.count)\r\n"
            + ServerResponse.safetyLines + ServerResponse.ownPolicyLine + extra
        return send(
            status: status, minorVersion: head.minorVersion, keepAlive: keepAlive, lines: Array(lines.utf8),
            body: head.method == "HEAD" ? [] : body)
    }

    /// Sends the status line, Date, Connection (where the default does not hold), `lines` and
    /// the body, in one system call where the kernel takes it all.
    private func send(status: Int, minorVersion: Int, keepAlive: Bool, lines: [UInt8], body: [UInt8]) -> Bool {
        let first = Self.statusLine(status)
        let connection =
            minorVersion == 0 && keepAlive
            ? Self.keepAliveLine : minorVersion == 1 && !keepAlive ? Self.closeLine : []
        let date = currentDateLine()
        return first.withUnsafeBytes { first in
            connection.withUnsafeBytes { connection in
                date.withUnsafeBytes { date in
                    lines.withUnsafeBytes { lines in
                        Self.endOfHead.withUnsafeBytes { end in
                            body.withUnsafeBytes { body in
                                Socket.send(descriptor, [first, connection, date, lines, end, body])
                            }
                        }
                    }
                }
            }
        }
    }

    /// The status line; those of a file's 200 and 304 made once, not for every answer.
    private static func statusLine(_ status: Int) -> [UInt8] {
        switch status {
        case 200: return okLine
        case 304: return notModifiedLine
        default: return Array("HTTP/1.1 \(status) \(statusText(status))\r\n".utf8)
        }
    }

    private static let okLine = Array("HTTP/1.1 200 OK\r\n".utf8)
    private static let notModifiedLine = Array("HTTP/1.1 304 Not Modified\r\n".utf8)
    private static let keepAliveLine = Array("Connection: keep-alive\r\n".utf8)
    private static let closeLine = Array("Connection: close\r\n".utf8)
    private static let endOfHead: [UInt8] = [13, 10]

    /// Answers with `status` and `reason`, then closes the way SPEC §9 asks: the answer whole,
    /// the writing side shut, and what the client still sends read and dropped for a while.
    private func refuse(_ status: Int, reason: String, method: String, path: String, allow: String? = nil) {
        let body = Array((reason + "\n").utf8)
        var lines =
            "Content-Type: text/plain; charset=utf-8\r\nContent-Length: \(body.count)\r\n" + ServerResponse.safetyLines
            + ServerResponse.ownPolicyLine
        if let allow { lines += "Allow: \(allow)\r\n" }
        _ = send(
            status: status, minorVersion: 1, keepAlive: false, lines: Array(lines.utf8),
            body: method == "HEAD" ? [] : body)
        log(method, path, status, body.count)
        Self.drain(descriptor, limits: limits)
    }

    /// Shuts the writing side and reads what the client still sends, for at most the limits.
    static func drain(_ descriptor: Int32, limits: ServerLimits) {
        Socket.shutdownWriting(descriptor)
        let deadline = now() + limits.drainSeconds
        var dropped = 0
        var scratch = [UInt8](repeating: 0, count: 4096)
        while dropped < limits.drainBytes {
            let milliseconds = Int(((deadline - now()) * 1000).rounded(.up))
            guard milliseconds > 0, Socket.wait(for: descriptor, wake: -1, milliseconds: milliseconds) == .readable
            else { return }
            let received = receiveAndDrop(descriptor, into: &scratch)
            guard received > 0 else { return }
            dropped += received
        }
    }

    // MARK: Event stream

    /// Holds the connection as an event stream until the client leaves or the server stops:
    /// heartbeats when due, and whatever the client sends read and dropped.
    private func streamEvents(head: RequestHead, path: String) {
        let text =
            "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\n"
            + ServerResponse.safetyLines + ServerResponse.ownPolicyLine + "\r\n"
        guard let id = server.streams.add(descriptor, head: Array(text.utf8)) else {
            refuse(503, reason: "Too many event streams are open; try again later.", method: head.method, path: path)
            return
        }
        log(head.method, path, 200, 0)
        defer { server.streams.remove(id) }
        let heartbeat: [UInt8] = Array(":\n\n".utf8)
        var next = Self.now() + limits.heartbeatSeconds
        var scratch = [UInt8](repeating: 0, count: 1024)
        while true {
            let milliseconds = max(1, Int(((next - Self.now()) * 1000).rounded(.up)))
            switch Socket.wait(for: descriptor, wake: server.wakeDescriptor, milliseconds: milliseconds) {
            case .woken: return
            case .timedOut:
                guard server.streams.send(heartbeat, to: id) else { return }
                next = Self.now() + limits.heartbeatSeconds
            case .readable:
                guard Self.receiveAndDrop(descriptor, into: &scratch) > 0 else { return }
            }
        }
    }

    // MARK: Small parts

    /// Reads what is there into `scratch`, to be dropped: the count, 0 at the end, -1 on an error.
    private static func receiveAndDrop(_ descriptor: Int32, into scratch: inout [UInt8]) -> Int {
        scratch.withUnsafeMutableBytes { Socket.receive(descriptor, into: $0.baseAddress!, count: $0.count) }
    }

    private func log(_ method: String, _ path: String, _ status: Int, _ bytes: Int) {
        guard let sink = server.configuration.log else { return }
        sink("\(HTTPError.visible(method)) \(HTTPError.visible(path)) \(status) \(bytes) \(client)")
    }

    /// `Date: …` CR LF, formatted once a second per connection (no lock between threads).
    private func currentDateLine() -> [UInt8] {
        let second = time(nil)
        if second != dateSecond {
            dateSecond = second
            dateLine = Array("Date: \(HTTPDate.format(second))\r\n".utf8)
        }
        return dateLine
    }

    static func now() -> Double {
        var clock = timespec()
        clock_gettime(CLOCK_MONOTONIC, &clock)
        return Double(clock.tv_sec) + Double(clock.tv_nsec) / 1e9
    }

    static func statusText(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 201: return "Created"
        case 204: return "No Content"
        case 301: return "Moved Permanently"
        case 304: return "Not Modified"
        case 400: return "Bad Request"
        case 401: return "Unauthorized"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 408: return "Request Timeout"
        case 409: return "Conflict"
        case 413: return "Content Too Large"
        case 415: return "Unsupported Media Type"
        case 421: return "Misdirected Request"
        case 431: return "Request Header Fields Too Large"
        case 500: return "Internal Server Error"
        case 503: return "Service Unavailable"
        case 505: return "HTTP Version Not Supported"
        default: return "Status"
        }
    }
}
