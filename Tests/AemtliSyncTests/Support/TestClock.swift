import Foundation

@testable import AemtliSync

/// A clock for tests: `sleep` only records the wait and moves `now` on by it.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date
    private var waits: [TimeInterval] = []
    /// What `random` answers (0.5: no jitter).
    var randomValue = 0.5

    init(now: Date = Date(timeIntervalSince1970: 1_749_100_000)) {
        current = now
    }

    var now: Date {
        get {
            lock.lock()
            defer { lock.unlock() }
            return current
        }
        set {
            lock.lock()
            current = newValue
            lock.unlock()
        }
    }

    var sleeps: [TimeInterval] {
        lock.lock()
        defer { lock.unlock() }
        return waits
    }

    var syncClock: SyncClock {
        SyncClock(
            now: { self.now },
            sleep: { seconds in
                self.lock.lock()
                self.waits.append(seconds)
                self.current = self.current.addingTimeInterval(seconds)
                self.lock.unlock()
            },
            random: { self.randomValue })
    }
}
