import Foundation
import StaticHTTP

/// A listening TCP socket on 127.0.0.1 only, and the few steps an HTTP/1.1 exchange over it needs:
/// accept with a time limit, read one request, write one answer. The system calls are StaticHTTP's
/// (`Socket`), the one place that knows Linux's and macOS's differences. Used by the sign-in
/// callback, and (`package`, not public) by the tests' CloudKit server.
package final class LoopbackSocket: @unchecked Sendable {
    private(set) var descriptor: Int32
    /// The bound port (the one the system chose when 0 was asked for).
    package let port: UInt16

    /// Binds 127.0.0.1:`port`; the error names the port and the system's reason.
    package init(port: UInt16) throws {
        do {
            (descriptor, self.port) = try Socket.listen(host: "127.0.0.1", port: port, backlog: 16)
        } catch let error as HTTPError {
            switch error.reason {
            case .listenFailed(_, let detail), .addressInUse(_, let detail):
                throw SyncError(.callbackUnavailable(port: Int(port), detail: detail))
            default:
                throw error
            }
        }
    }

    /// The next connection, or nil when none came within `timeout` seconds (or the socket closed).
    package func accept(timeout: TimeInterval) -> Int32? {
        let milliseconds = Int(max(0, min(timeout, 86_400)) * 1000)
        guard Socket.wait(for: descriptor, wake: -1, milliseconds: milliseconds) == .readable,
            let connection = Socket.accept(descriptor, sendTimeout: Double(Self.sendSeconds))
        else { return nil }
        // A connection that sends nothing (a browser's speculative preconnect) must not hold the
        // one-request listener: reads on it give up after a few seconds.
        var limit = timeval(tv_sec: Self.readSeconds, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        return connection
    }

    /// How long one connection may take to send its request.
    static let readSeconds = 5
    /// How long an answer may wait for a peer that stopped reading: long enough for a page of
    /// records to a busy client, short enough that a sign-in does not hang on a gone browser.
    static let sendSeconds = 60

    package func close() {
        guard descriptor >= 0 else { return }
        Socket.shutdownBoth(descriptor)
        Socket.closeDescriptor(descriptor)
        descriptor = -1
    }

    deinit {
        close()
    }

    /// One request from `connection`: the head's lines and the body (by `Content-Length`); nil
    /// when the peer closes early or sends more than `limit` bytes.
    package static func readRequest(from connection: Int32, limit: Int = 4 << 20) -> (lines: [String], body: [UInt8])? {
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        var headEnd: Int?
        var bodyLength = 0
        while true {
            if let end = headEnd, buffer.count >= end + bodyLength {
                let lines = String(decoding: buffer[..<end], as: UTF8.self).components(separatedBy: "\r\n").filter {
                    !$0.isEmpty
                }
                return (lines, Array(buffer[end..<(end + bodyLength)]))
            }
            let count = chunk.withUnsafeMutableBytes {
                Socket.receive(connection, into: $0.baseAddress!, count: $0.count)
            }
            guard count > 0, buffer.count + count <= limit else { return nil }
            buffer += chunk[0..<count]
            if headEnd == nil, let range = buffer.withUnsafeBytes({ RequestHead.length(in: $0) }) {
                headEnd = range
                let head = String(decoding: buffer[..<range], as: UTF8.self).lowercased()
                for line in head.components(separatedBy: "\r\n") where line.hasPrefix("content-length:") {
                    bodyLength = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) ?? 0
                }
            }
        }
    }

    /// Writes an HTTP/1.1 answer and closes the connection.
    package static func respond(_ connection: Int32, status: Int, headers: [(String, String)], body: [UInt8]) {
        var head =
            "HTTP/1.1 \(status) \(status < 400 ? "OK" : "Error")\r\nContent-Length: \(body.count)\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        // Without a SIGPIPE when the peer has gone: the connection came from `accept`.
        _ = Socket.send(connection, Array((head + "\r\n").utf8) + body)
        Socket.closeDescriptor(connection)
    }
}
