#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few POSIX socket steps the server takes, with the differences between Linux and macOS in
/// one place: listening, accepting, waiting with a time limit, and sending without SIGPIPE.
enum Socket {
    #if canImport(Glibc)
    private static let streamType = Int32(SOCK_STREAM.rawValue)
    private static let sendFlags = Int32(MSG_NOSIGNAL)
    #else
    private static let streamType = SOCK_STREAM
    private static let sendFlags: Int32 = 0
    #endif

    /// A listening socket on `host` (an IPv4 or IPv6 literal, `[::1]` or `localhost`) and `port`
    /// (0 for one the system chooses), and the port it got.
    static func listen(host: String, port: UInt16, backlog: Int32) throws -> (descriptor: Int32, port: UInt16) {
        let literal =
            host == "localhost"
            ? "127.0.0.1"
            : host.hasPrefix("[") && host.hasSuffix("]")
                ? String(host.dropFirst().dropLast()) : host
        var storage = sockaddr_storage()
        let length: socklen_t
        if literal.contains(":") {
            var address = sockaddr_in6()
            guard inet_pton(AF_INET6, literal, &address.sin6_addr) == 1 else {
                throw HTTPError(.listenAddressInvalid(host))
            }
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            length = socklen_t(MemoryLayout<sockaddr_in6>.size)
            withUnsafeMutableBytes(of: &storage) { $0.storeBytes(of: address, as: sockaddr_in6.self) }
        } else {
            var address = sockaddr_in()
            guard inet_pton(AF_INET, literal, &address.sin_addr) == 1 else {
                throw HTTPError(.listenAddressInvalid(host))
            }
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            length = socklen_t(MemoryLayout<sockaddr_in>.size)
            withUnsafeMutableBytes(of: &storage) { $0.storeBytes(of: address, as: sockaddr_in.self) }
        }
        #if canImport(Darwin)
        storage.ss_len = UInt8(length)
        #endif
        let shown = literal.contains(":") ? "[\(literal)]:\(port)" : "\(literal):\(port)"
        let descriptor = socket(Int32(storage.ss_family), streamType, 0)
        guard descriptor >= 0 else { throw HTTPError(.listenFailed(address: shown, detail: lastError())) }
        setOption(descriptor, SOL_SOCKET, SO_REUSEADDR, 1)
        setCloseOnExec(descriptor)
        let bound = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        guard bound == 0, systemListen(descriptor, backlog) == 0 else {
            let code = errno
            let detail = lastError()
            close(descriptor)
            if code == EADDRINUSE { throw HTTPError(.addressInUse(address: shown, detail: detail)) }
            throw HTTPError(.listenFailed(address: shown, detail: detail))
        }
        var actual = sockaddr_storage()
        var actualLength = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &actualLength) }
        }
        let family = Int32(actual.ss_family)
        let boundPort = withUnsafeBytes(of: &actual) { raw -> UInt16 in
            family == AF_INET6
                ? UInt16(bigEndian: raw.load(as: sockaddr_in6.self).sin6_port)
                : UInt16(bigEndian: raw.load(as: sockaddr_in.self).sin_port)
        }
        return (descriptor, boundPort)
    }

    private static func systemListen(_ descriptor: Int32, _ backlog: Int32) -> Int32 {
        #if canImport(Glibc)
        return Glibc.listen(descriptor, backlog)
        #else
        return Darwin.listen(descriptor, backlog)
        #endif
    }

    /// A new connection, set up for this server: no SIGPIPE, no Nagle delay (answers go out in
    /// one piece), and sends that give up after `sendTimeout` seconds on a client that stops reading.
    static func accept(_ listening: Int32, sendTimeout: Double) -> Int32? {
        #if canImport(Glibc)
        let connection = Glibc.accept(listening, nil, nil)
        #else
        let connection = Darwin.accept(listening, nil, nil)
        #endif
        guard connection >= 0 else { return nil }
        setCloseOnExec(connection)
        #if canImport(Darwin)
        setOption(connection, SOL_SOCKET, SO_NOSIGPIPE, 1)
        #endif
        setOption(connection, Int32(IPPROTO_TCP), TCP_NODELAY, 1)
        var limit = timeval(
            tv_sec: .init(sendTimeout.rounded(.down)),
            tv_usec: .init((sendTimeout - sendTimeout.rounded(.down)) * 1_000_000))
        setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        return connection
    }

    enum Wait { case readable, timedOut, woken }

    /// Waits until `descriptor` can be read (data, end or error), `wake` becomes readable, or
    /// `milliseconds` pass (nil: no limit). A negative `wake` is not watched.
    static func wait(for descriptor: Int32, wake: Int32, milliseconds: Int?) -> Wait {
        var polled = [
            pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let count = poll(&polled, 2, milliseconds.map { Int32(max(0, min($0, Int(Int32.max)))) } ?? -1)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return .timedOut }
            if polled[1].revents != 0 { return .woken }
            return .readable
        }
    }

    /// Up to `count` bytes into `buffer`; 0 at the end, -1 on an error.
    static func receive(_ descriptor: Int32, into buffer: UnsafeMutableRawPointer, count: Int) -> Int {
        while true {
            let received = recv(descriptor, buffer, count, 0)
            if received < 0 && errno == EINTR { continue }
            return received
        }
    }

    /// Sends every byte of `parts` in order, as one system call where the kernel takes them all;
    /// false when the peer has gone or the send timed out.
    static func send(_ descriptor: Int32, _ parts: [UnsafeRawBufferPointer], nonBlocking: Bool = false) -> Bool {
        var vectors = parts.filter { $0.count > 0 }.map {
            iovec(iov_base: UnsafeMutableRawPointer(mutating: $0.baseAddress), iov_len: $0.count)
        }
        var first = 0
        #if canImport(Glibc)
        let flags = sendFlags | (nonBlocking ? Int32(MSG_DONTWAIT) : 0)
        #else
        let flags = sendFlags | (nonBlocking ? MSG_DONTWAIT : 0)
        #endif
        while first < vectors.count {
            let sent = vectors.withUnsafeMutableBufferPointer { pointer -> Int in
                var message = msghdr()
                message.msg_iov = pointer.baseAddress! + first
                message.msg_iovlen = .init(pointer.count - first)
                return sendmsg(descriptor, &message, flags)
            }
            if sent < 0 && errno == EINTR { continue }
            guard sent > 0 else { return false }
            var remaining = sent
            while first < vectors.count && remaining >= vectors[first].iov_len {
                remaining -= vectors[first].iov_len
                first += 1
            }
            if remaining > 0 {
                vectors[first].iov_base = vectors[first].iov_base! + remaining
                vectors[first].iov_len -= remaining
            }
        }
        return true
    }

    /// Sends a few bytes held in an array.
    static func send(_ descriptor: Int32, _ bytes: [UInt8], nonBlocking: Bool = false) -> Bool {
        bytes.withUnsafeBytes { send(descriptor, [$0], nonBlocking: nonBlocking) }
    }

    static func shutdownBoth(_ descriptor: Int32) {
        shutdown(descriptor, Int32(SHUT_RDWR))
    }

    static func shutdownWriting(_ descriptor: Int32) {
        shutdown(descriptor, Int32(SHUT_WR))
    }

    static func closeDescriptor(_ descriptor: Int32) {
        close(descriptor)
    }

    /// A pipe whose reading end becomes readable for good once a byte is written: the signal that
    /// wakes every waiting thread when the server stops.
    static func wakePipe() -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return (-1, -1) }
        setCloseOnExec(ends[0])
        setCloseOnExec(ends[1])
        return (ends[0], ends[1])
    }

    static func writeByte(_ descriptor: Int32) {
        var byte: UInt8 = 1
        _ = write(descriptor, &byte, 1)
    }

    private static func setOption(_ descriptor: Int32, _ level: Int32, _ name: Int32, _ value: Int32) {
        var value = value
        setsockopt(descriptor, level, name, &value, socklen_t(MemoryLayout<Int32>.size))
    }

    private static func setCloseOnExec(_ descriptor: Int32) {
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    }

    static func lastError() -> String {
        String(cString: strerror(errno))
    }
}
