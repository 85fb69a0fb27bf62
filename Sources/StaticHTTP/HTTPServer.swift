import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small HTTP/1.1 server that answers with the handlers it is given (an app's own paths, a
/// folder's files: `SiteFolder`), plus event streams that tell open pages what changed. Knows
/// nothing of chores, nor of any path: the paths are the handlers'. Before a handler is asked, the
/// server has read the head within its limits, refused what could be read two ways, checked the
/// path and the Host, and read the body; after, it adds the headers every answer carries.
///
/// One thread per connection with blocking reads under poll() deadlines, rather than Dispatch
/// sources and a state machine per connection: the limits (256 connections, 64 streams) keep the
/// thread count small, every timeout is a poll() argument in straight-line code, a blocked client
/// costs a sleeping thread, not a queue, and a handler that holds its answer holds its connection
/// only. Measured against nginx with wrk (docs/performance.md), it is fast enough that the simpler
/// form wins.
///
///     var configuration = ServerConfiguration(port: 8080)
///     configuration.handlers = [
///         PathHandler(under: "/live") { $0.path == "/live/events" ? .eventStream : nil },
///         SiteFolder(root: "_site"),
///     ]
///     let server = HTTPServer(configuration: configuration)
///     try server.start()            // binds; throws HTTPError(.addressInUse or .listenFailed) when it cannot
///     server.publish(changedPaths: ["/wall.html"])   // after each rebuild that changed files
///     server.publish(event: "synced", data: "2026-03-25T10:00:15+01:00", replay: true)
///     server.stop(graceSeconds: 2)  // on SIGTERM
public final class HTTPServer: @unchecked Sendable {
    public let configuration: ServerConfiguration
    private let handlers: [any HTTPHandler]
    let hosts: HostNames
    let streams: EventStreams

    private let lock = NSCondition()
    private var listening: Int32 = -1
    private var boundPort: UInt16 = 0
    private var stopping = false
    private var wake: (read: Int32, write: Int32) = (-1, -1)
    private var connections: [Int: Int32] = [:]
    private var nextConnection = 0
    private var refusing = 0
    private let acceptEnded = DispatchSemaphore(value: 0)

    public init(configuration: ServerConfiguration) {
        self.configuration = configuration
        handlers = configuration.handlers
        hosts = HostNames(listenHost: configuration.host, extra: configuration.extraHostNames)
        streams = EventStreams(capacity: configuration.limits.eventStreams)
    }

    /// The port the server listens on (the system's choice when the configuration said 0); 0
    /// before `start()`.
    public var port: UInt16 {
        lock.lock()
        defer { lock.unlock() }
        return boundPort
    }

    /// Open connections, event streams included.
    public var connectionCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return connections.count
    }

    /// Open event streams.
    public var eventStreamCount: Int {
        streams.count
    }

    /// Binds the address and starts accepting on a thread of its own. Call once.
    public func start() throws {
        let socket = try Socket.listen(
            host: configuration.host, port: configuration.port,
            backlog: Int32(min(configuration.limits.connections, 1024)))
        lock.lock()
        listening = socket.descriptor
        boundPort = socket.port
        wake = Socket.wakePipe()
        lock.unlock()
        Self.spawn { [self] in acceptLoop(socket.descriptor) }
    }

    /// Stops accepting, ends the event streams, lets answers in flight finish for at most
    /// `graceSeconds`, then closes what is still open. Returns when every connection is closed.
    public func stop(graceSeconds: Double) {
        lock.lock()
        guard listening >= 0, !stopping else {
            lock.unlock()
            return
        }
        stopping = true
        lock.unlock()
        Socket.writeByte(wake.write)
        acceptEnded.wait()
        Socket.closeDescriptor(listening)
        streams.endAll()
        let deadline = Date(timeIntervalSinceNow: graceSeconds)
        lock.lock()
        while !connections.isEmpty && lock.wait(until: deadline) {}
        for descriptor in connections.values { Socket.shutdownBoth(descriptor) }
        while !connections.isEmpty || refusing > 0 { lock.wait() }
        lock.unlock()
    }

    /// Tells every open event stream which paths a rebuild changed: one `event: rebuilt` whose
    /// data is the JSON list of the paths, each as `pathForLog` shows it (a private feed's name
    /// hidden), repeated ones once.
    public func publish(changedPaths: [String]) {
        var seen = Set<String>()
        let shown = changedPaths.map(configuration.pathForLog).filter { seen.insert($0).inserted }
        streams.broadcast(EventStreams.rebuiltEvent(shown))
    }

    /// Tells every open event stream `event: NAME` with `data` (its line breaks become `data:`
    /// lines); with `replay`, a stream that opens later is sent the last such event of that name
    /// as soon as it opens, so that a page that connects learns at once what it would otherwise
    /// wait for. The caller knows what the event means; the server only carries it.
    public func publish(event name: String, data: String, replay: Bool = false) {
        streams.broadcast(EventStreams.event(name, data: data), named: name, replay: replay)
    }

    /// The first handler's answer to `request`; nil when none answers.
    func respond(to request: ServerRequest) -> ServerResponse? {
        // By index: a handler is asked where it is, not copied out of the list for each request.
        for index in handlers.indices {
            if let answer = handlers[index].respond(to: request) { return answer }
        }
        return nil
    }

    var isStopping: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopping
    }

    /// Readable once the server stops.
    var wakeDescriptor: Int32 {
        wake.read
    }

    private func acceptLoop(_ listening: Int32) {
        defer { acceptEnded.signal() }
        let limits = configuration.limits
        while Socket.wait(for: listening, wake: wake.read, milliseconds: nil) == .readable {
            guard let descriptor = Socket.accept(listening, sendTimeout: limits.idleSeconds) else {
                // Out of descriptors, most likely: the waiting connection stays queued, so pause
                // rather than spin on it.
                usleep(10_000)
                continue
            }
            lock.lock()
            if connections.count < limits.connections {
                nextConnection += 1
                let id = nextConnection
                connections[id] = descriptor
                lock.unlock()
                Self.spawn { [self] in
                    Connection(descriptor: descriptor, server: self, client: Self.peer(of: descriptor)).run()
                    lock.lock()
                    connections[id] = nil
                    Socket.closeDescriptor(descriptor)
                    lock.broadcast()
                    lock.unlock()
                }
            } else if refusing < Self.refusalsAtOnce {
                refusing += 1
                lock.unlock()
                Self.spawn { [self] in
                    let body = Array("The server has too many connections; try again later.\n".utf8)
                    let head =
                        "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"
                        + "Content-Length: \(body.count)\r\nRetry-After: 1\r\nConnection: close\r\n\r\n"
                    _ = Socket.send(descriptor, Array(head.utf8) + body, nonBlocking: true)
                    Connection.drain(descriptor, limits: limits)
                    Socket.closeDescriptor(descriptor)
                    lock.lock()
                    refusing -= 1
                    lock.broadcast()
                    lock.unlock()
                }
            } else {
                lock.unlock()
                Socket.closeDescriptor(descriptor)
            }
        }
    }

    /// Over-limit connections answered 503 at once; beyond, they are closed without an answer, so
    /// that a flood cannot make the refusals themselves a cost without bound.
    private static let refusalsAtOnce = 64

    private static func spawn(_ body: @escaping @Sendable () -> Void) {
        let thread = Thread(block: body)
        thread.stackSize = 512 * 1024
        thread.start()
    }

    /// The peer's address as text (`127.0.0.1`, `::1`), for the log and the handlers.
    private static func peer(of descriptor: Int32) -> String {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let got = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getpeername(descriptor, $0, &length) }
        }
        guard got == 0 else { return "-" }
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        let family = Int32(storage.ss_family)
        withUnsafeMutableBytes(of: &storage) { raw in
            if family == AF_INET6 {
                var address = raw.load(as: sockaddr_in6.self).sin6_addr
                _ = inet_ntop(AF_INET6, &address, &text, socklen_t(text.count))
            } else {
                var address = raw.load(as: sockaddr_in.self).sin_addr
                _ = inet_ntop(AF_INET, &address, &text, socklen_t(text.count))
            }
        }
        return String(cString: text)
    }
}
