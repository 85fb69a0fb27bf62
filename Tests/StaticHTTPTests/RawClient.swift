import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A client over a plain TCP socket to 127.0.0.1, for what URLSession would not send as written
/// (`..`, backslashes, a broken head) and for watching the connection itself: kept alive, closed.
final class RawClient {
    struct Response {
        var status: Int
        var headers: [String: String]
        var body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    let descriptor: Int32
    private var pending: [UInt8] = []

    init(port: UInt16) throws {
        #if canImport(Glibc)
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        descriptor = socket(AF_INET, SOCK_STREAM, 0)
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(descriptor)
            throw NSError(domain: "RawClient", code: Int(errno))
        }
    }

    deinit {
        close(descriptor)
    }

    /// Sends all of `text`; false when the server has closed.
    @discardableResult
    func send(_ text: String) -> Bool {
        send(Array(text.utf8))
    }

    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        #if canImport(Glibc)
        let flags = Int32(MSG_NOSIGNAL)
        #else
        let flags: Int32 = 0
        #endif
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes {
                Foundation.send(descriptor, $0.baseAddress! + offset, bytes.count - offset, flags)
            }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    /// Ends the sending side, as a client does that has said all it will.
    func finishSending() {
        shutdown(descriptor, Int32(SHUT_WR))
    }

    /// The next response; `hasBody` false for an answer to HEAD. nil when the connection ended first.
    func response(hasBody: Bool = true, timeout: Double = 5) -> Response? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while true {
            if let end = find([13, 10, 13, 10]) {
                let lines = String(decoding: pending[..<end], as: UTF8.self).components(separatedBy: "\r\n")
                let status = Int(lines[0].split(separator: " ").dropFirst().first ?? "") ?? 0
                var headers: [String: String] = [:]
                for line in lines.dropFirst() {
                    guard let colon = line.firstIndex(of: ":") else { continue }
                    let value = line[line.index(after: colon)...]
                    headers[line[..<colon].lowercased()] = value.trimmingCharacters(in: .whitespaces)
                }
                let length = hasBody && status != 304 ? Int(headers["content-length"] ?? "0") ?? 0 : 0
                while pending.count < end + 4 + length {
                    guard receive(until: deadline) else { return nil }
                }
                let body = Array(pending[(end + 4)..<(end + 4 + length)])
                pending.removeFirst(end + 4 + length)
                return Response(status: status, headers: headers, body: body)
            }
            guard receive(until: deadline) else { return nil }
        }
    }

    /// Everything received until `text` appears (true) or the time runs out or the connection ends.
    func receive(until text: String, timeout: Double = 5) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while find(Array(text.utf8)) == nil {
            guard receive(until: deadline) else { return false }
        }
        return true
    }

    /// What has arrived so far, as text.
    var received: String {
        String(decoding: pending, as: UTF8.self)
    }

    /// Whether the server closes the connection within `timeout` seconds (what it sends first is kept).
    func closes(within timeout: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while receive(until: deadline) {}
        return ended
    }

    private var ended = false

    private func receive(until deadline: Date) -> Bool {
        let milliseconds = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
        var polled = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&polled, 1, milliseconds) > 0 else { return false }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else {
            ended = true
            return false
        }
        pending += chunk[..<count]
        return true
    }

    private func find(_ needle: [UInt8]) -> Int? {
        guard pending.count >= needle.count else { return nil }
        for start in 0...(pending.count - needle.count)
        where pending[start..<(start + needle.count)].elementsEqual(needle) {
            return start
        }
        return nil
    }
}
