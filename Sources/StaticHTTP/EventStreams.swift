import Foundation
import JSON

/// The open event streams (`ServerResponse.eventStream`): at most `capacity`, each a connection's
/// socket that its own thread watches for the client leaving and sends heartbeats on. Every send to
/// a stream happens under one lock, so an event and a heartbeat never interleave, and never
/// blocks: a client that does not read even a few hundred bytes is gone, and its socket is shut
/// down.
final class EventStreams: @unchecked Sendable {
    private let capacity: Int
    private let lock = NSLock()
    private var open: [Int: Int32] = [:]
    private var nextID = 0
    /// The last event of each name published for replay, in the order the names first came: what
    /// a stream that opens later is sent after its head, so that it need not wait for the next one.
    private var replays: [(name: String, bytes: [UInt8])] = []

    init(capacity: Int) {
        self.capacity = capacity
    }

    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return open.count
    }

    /// Sends `head` and the events kept for replay and adds the stream, in that order and under the
    /// lock, so that no event falls between them; nil when `capacity` streams are open or the head
    /// could not be sent.
    func add(_ descriptor: Int32, head: [UInt8]) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        let sent = head + replays.flatMap(\.bytes)
        guard open.count < capacity, Socket.send(descriptor, sent, nonBlocking: true) else { return nil }
        nextID += 1
        open[nextID] = descriptor
        return nextID
    }

    /// Removes the stream; after this, nothing is sent to its socket, which the caller may close.
    func remove(_ id: Int) {
        lock.lock()
        open[id] = nil
        lock.unlock()
    }

    /// Sends `bytes` to one stream; false when it is gone.
    func send(_ bytes: [UInt8], to id: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard let descriptor = open[id] else { return false }
        return Socket.send(descriptor, bytes, nonBlocking: true)
    }

    /// Sends `bytes` to every stream; one that cannot take them is shut down, which wakes its thread.
    func broadcast(_ bytes: [UInt8]) {
        lock.lock()
        defer { lock.unlock() }
        sendToAll(bytes)
    }

    /// Sends `bytes`, an event named `name`, to every stream, and with `replay` keeps it (in place
    /// of the last one of that name) for every stream that opens later. Both under one lock, so that a stream opening meanwhile hears the event once, not twice.
    func broadcast(_ bytes: [UInt8], named name: String, replay: Bool) {
        lock.lock()
        defer { lock.unlock() }
        if replay {
            if let index = replays.firstIndex(where: { $0.name == name }) {
                replays[index].bytes = bytes
            } else {
                replays.append((name, bytes))
            }
        }
        sendToAll(bytes)
    }

    /// With the lock held.
    private func sendToAll(_ bytes: [UInt8]) {
        for descriptor in open.values where !Socket.send(descriptor, bytes, nonBlocking: true) {
            Socket.shutdownBoth(descriptor)
        }
    }

    /// Ends every stream (the server is stopping): a stream is never finished, only left.
    func endAll() {
        lock.lock()
        defer { lock.unlock() }
        for descriptor in open.values { Socket.shutdownBoth(descriptor) }
    }

    /// `event: rebuilt` with the paths as a JSON list of strings.
    static func rebuiltEvent(_ paths: [String]) -> [UInt8] {
        event(
            "rebuilt",
            data: String(decoding: JSONValue.array(paths.map { .string($0) }).serializedBytes(), as: UTF8.self))
    }

    /// `event: NAME` and `data`, a `data:` line for each of its lines (as Server-Sent Events join
    /// them again with line feeds), then the blank line that ends the event.
    static func event(_ name: String, data: String) -> [UInt8] {
        let lines = data.split(separator: "\n", omittingEmptySubsequences: false).map { "data: \($0)\n" }
        return Array("event: \(name)\n\(lines.joined())\n".utf8)
    }
}
