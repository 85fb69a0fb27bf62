import Foundation

@testable import AemtliSync

/// A clock for tests: `sleep` only records the wait and moves `now` on by it.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date
    private var waits: [TimeInterval] = []
    /// What `random` answers (0.5: no jitter).
    var randomValue = 0.5
    /// Whether a sleep asks the run to stop, as SIGTERM would come to `serve` during its wait.
    var stopsWhileSleeping = false
    private var stopAsked = false

    /// Whether the run was asked to stop (`SyncClock.stopped`).
    var stopped: Bool {
        get { locked { stopAsked } }
        set { locked { stopAsked = newValue } }
    }

    init(now: Date = Date(timeIntervalSince1970: 1_749_100_000)) {
        current = now
    }

    var now: Date {
        get { locked { current } }
        set { locked { current = newValue } }
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
                if self.stopsWhileSleeping { self.stopAsked = true }
                self.lock.unlock()
            },
            random: { self.randomValue },
            stopped: { self.stopped })
    }

    private func locked<Value>(_ body: () -> Value) -> Value {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}
