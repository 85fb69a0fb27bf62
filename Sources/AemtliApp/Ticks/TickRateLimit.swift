import Foundation

/// At most `limit` tick and pair requests a minute from one device (SPEC §10; 429 beyond), so that
/// a page left open cannot be made to guess PINs or pairing codes at speed. A device is named by
/// its pairing, or by the client's address while it has none. Safe to call from any connection.
final class TickRateLimit: @unchecked Sendable {
    static let window: TimeInterval = 60

    let limit: Int
    private var recent: [String: [Date]] = [:]
    private let lock = NSLock()

    init(limit: Int = 30) {
        self.limit = limit
    }

    /// Counts a request from `key` at `now`; false when it is over the limit (and then not counted,
    /// so a device that waits gets through again a minute after its last accepted request).
    func allows(_ key: String, now: Date) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        // Every key's old times go, so that the table holds only the last minute's devices.
        recent = recent.compactMapValues { times in
            let kept = times.filter { now.timeIntervalSince($0) < Self.window }
            return kept.isEmpty ? nil : kept
        }
        let times = recent[key] ?? []
        guard times.count < limit else { return false }
        recent[key] = times + [now]
        return true
    }
}
