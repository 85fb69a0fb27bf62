import AemtliSync
import Foundation
import StaticHTTP

/// A tiny HTTP/1.1 server on 127.0.0.1, for tests: one thread
/// accepts connections one after another (the client sends one request at a time) and hands
/// each request to `handler`. Started by `init`, stopped by `stop()`.
package final class HTTPTestServer: @unchecked Sendable {
    package struct Request {
        package var method: String
        package var target: String
        package var headers: [String: String]
        package var body: [UInt8]
    }

    package enum Reply {
        case respond(status: Int, headers: [(String, String)], body: [UInt8])
        /// Close the connection without a word, as a dropped network would.
        case drop
        /// Answer nothing until the client goes away (a killed process) or `seconds` pass, then close.
        case hold(seconds: Double)
        /// The answer `body` gives, which may wait for it (a long poll); `body` is told whether the
        /// client has gone meanwhile, and `cut` sends only the first `sent` bytes of a body.
        case waiting(@Sendable (_ clientGone: @escaping () -> Bool) -> Reply)
        case cut(status: Int, headers: [(String, String)], body: [UInt8], sent: Int)
    }

    private let socket: LoopbackSocket
    private let thread: Thread

    package var port: Int { Int(socket.port) }
    package var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Listens on `port`, or on one the system picks when it is 0.
    package init(port: UInt16 = 0, handler: @escaping @Sendable (Request) -> Reply) throws {
        let socket = try LoopbackSocket(port: port)
        self.socket = socket
        let box = StopFlag()
        thread = Thread {
            while !box.isSet {
                guard let connection = socket.accept(timeout: 0.05) else { continue }
                Self.serve(connection, handler: handler)
            }
            box.markFinished()
        }
        stopFlag = box
        thread.start()
    }

    private let stopFlag: StopFlag

    package func stop() {
        stopFlag.set()
        stopFlag.waitFinished()
        socket.close()
    }

    private static func serve(_ connection: Int32, handler: (Request) -> Reply) {
        guard let raw = LoopbackSocket.readRequest(from: connection), let line = raw.lines.first else {
            close(connection)
            return
        }
        let parts = line.split(separator: " ")
        var headers: [String: String] = [:]
        for header in raw.lines.dropFirst() {
            guard let colon = header.firstIndex(of: ":") else { continue }
            headers[header[..<colon].lowercased()] = header[header.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        let request = Request(
            method: parts.first.map(String.init) ?? "", target: parts.count > 1 ? String(parts[1]) : "/",
            headers: headers, body: raw.body)
        reply(handler(request), on: connection)
    }

    private static func reply(_ reply: Reply, on connection: Int32) {
        switch reply {
        case .respond(let status, let headers, let body):
            LoopbackSocket.respond(connection, status: status, headers: headers, body: body)
        case .drop:
            shutdown(connection, Int32(SHUT_RDWR))
            close(connection)
        case .hold(let seconds):
            var peer = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            _ = poll(&peer, 1, Int32(seconds * 1000))
            close(connection)
        case .waiting(let body):
            Self.reply(body({ Self.isGone(connection) }), on: connection)
        case .cut(let status, let headers, let body, let sent):
            var head = "HTTP/1.1 \(status) OK\r\nContent-Length: \(body.count)\r\nConnection: close\r\n"
            for (name, value) in headers { head += "\(name): \(value)\r\n" }
            _ = Socket.send(connection, Array((head + "\r\n").utf8) + body.prefix(sent))
            shutdown(connection, Int32(SHUT_RDWR))
            close(connection)
        }
    }

    /// Whether the client closed its side: readable, with nothing left to read.
    private static func isGone(_ connection: Int32) -> Bool {
        var peer = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
        guard poll(&peer, 1, 0) > 0 else { return false }
        var byte: UInt8 = 0
        return recv(connection, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) <= 0
    }
}

/// The server thread's stop signal and its "I have stopped" answer.
private final class StopFlag: @unchecked Sendable {
    private let condition = NSCondition()
    private var stop = false
    private var done = false

    var isSet: Bool {
        condition.lock()
        defer { condition.unlock() }
        return stop
    }

    func set() {
        condition.lock()
        stop = true
        condition.unlock()
    }

    func markFinished() {
        condition.lock()
        done = true
        condition.broadcast()
        condition.unlock()
    }

    func waitFinished() {
        condition.lock()
        while !done { condition.wait() }
        condition.unlock()
    }
}
