import Files
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A listening TCP socket on 127.0.0.1 only, and the few byte-level steps an HTTP/1.1 exchange
/// over it needs: accept with a time limit, read one request, write one answer. Used by the
/// sign-in callback, and (`package`, not public) by the tests' CloudKit server.
package final class LoopbackSocket: @unchecked Sendable {
    private(set) var descriptor: Int32
    /// The bound port (the one the system chose when 0 was asked for).
    package let port: UInt16

    /// Binds 127.0.0.1:`port`; the error names the port and the system's reason.
    package init(port: UInt16) throws {
        #if canImport(Glibc)
        let socketType = Int32(SOCK_STREAM.rawValue)
        #else
        let socketType = SOCK_STREAM
        #endif
        let descriptor = socket(AF_INET, socketType, 0)
        guard descriptor >= 0 else {
            throw SyncError(.callbackUnavailable(port: Int(port), detail: FileIO.lastErrorText()))
        }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(descriptor, 16) == 0 else {
            let detail = FileIO.lastErrorText()
            Foundation.close(descriptor)
            throw SyncError(.callbackUnavailable(port: Int(port), detail: detail))
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        var actual = sockaddr_in()
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        self.descriptor = descriptor
        self.port = UInt16(bigEndian: actual.sin_port)
    }

    /// The next connection, or nil when none came within `timeout` seconds (or the socket closed).
    package func accept(timeout: TimeInterval) -> Int32? {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(max(0, min(timeout, 86_400)) * 1000)
        guard poll(&poller, 1, milliseconds) > 0, poller.revents & Int16(POLLIN) != 0 else { return nil }
        let connection = Foundation.accept(descriptor, nil, nil)
        guard connection >= 0 else { return nil }
        // A connection that sends nothing (a browser's speculative preconnect) must not hold the
        // one-request listener: reads on it give up after a few seconds.
        var limit = timeval(tv_sec: Self.readSeconds, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        return connection
    }

    /// How long one connection may take to send its request.
    static let readSeconds = 5

    package func close() {
        guard descriptor >= 0 else { return }
        shutdown(descriptor, Int32(SHUT_RDWR))
        Foundation.close(descriptor)
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
            let count = chunk.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            guard count > 0, buffer.count + count <= limit else { return nil }
            buffer += chunk[0..<count]
            if headEnd == nil, let range = findHeadEnd(buffer) {
                headEnd = range
                let head = String(decoding: buffer[..<range], as: UTF8.self).lowercased()
                for line in head.components(separatedBy: "\r\n") where line.hasPrefix("content-length:") {
                    bodyLength = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) ?? 0
                }
            }
        }
    }

    private static func findHeadEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4)
        where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index + 4
        }
        return nil
    }

    /// Writes an HTTP/1.1 answer and closes the connection.
    package static func respond(_ connection: Int32, status: Int, headers: [(String, String)], body: [UInt8]) {
        var head =
            "HTTP/1.1 \(status) \(status < 400 ? "OK" : "Error")\r\nContent-Length: \(body.count)\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        send(connection, Array((head + "\r\n").utf8) + body)
        Foundation.close(connection)
    }

    /// Every byte, without a SIGPIPE when the peer has gone.
    package static func send(_ connection: Int32, _ bytes: [UInt8]) {
        #if canImport(Glibc)
        let flags = Int32(MSG_NOSIGNAL)
        #else
        let flags: Int32 = 0
        var yes: Int32 = 1
        setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes {
                Foundation.send(connection, $0.baseAddress.map { $0 + offset }, bytes.count - offset, flags)
            }
            if sent <= 0 { return }
            offset += sent
        }
    }
}
