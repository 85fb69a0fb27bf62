import Dispatch
import Foundation

/// What the world outside may ask of a running `aemtli serve`: stop (SIGTERM, SIGINT, a test), read
/// the configuration again (SIGHUP), look at the port it listens on. Thread-safe.
public final class ServeControl: @unchecked Sendable {
    /// Guards the state below; broadcast on a stop, so that every sync waiting to retry (the
    /// loop's, a tick's) wakes, where the semaphore wakes one waiter.
    private let lock = NSCondition()
    private let wakeUp = DispatchSemaphore(value: 0)
    private var stopping = false
    private var reloading = false
    private var boundPort: UInt16 = 0

    public init() {}

    /// The port the server listens on, once it does (the one the system chose for port 0).
    public var port: UInt16 { locked { boundPort } }

    public var isStopping: Bool { locked { stopping } }

    /// Ends `serve`: it stops accepting, finishes what is in flight (two seconds at most) and exits 0.
    public func stop() {
        locked {
            stopping = true
            lock.broadcast()
        }
        wakeUp.signal()
    }

    /// Builds again at once, reading the configuration and the templates anew.
    public func reload() {
        locked { reloading = true }
        wakeUp.signal()
    }

    /// Looks at once at what is due (a benchmark that moves a test clock on calls it).
    public func wake() {
        wakeUp.signal()
    }

    func listening(on port: UInt16) {
        locked { boundPort = port }
    }

    /// Waits `seconds` or until asked to stop or reload; true when a reload was asked for.
    func wait(seconds: TimeInterval) -> Bool {
        _ = wakeUp.wait(timeout: .now() + min(max(0, seconds), 86_400))
        return locked {
            defer { reloading = false }
            return reloading
        }
    }

    /// A sync's wait before it tries CloudKit again: `seconds`, or until asked to stop.
    func pause(_ seconds: TimeInterval) {
        let deadline = Date().addingTimeInterval(seconds)
        lock.lock()
        defer { lock.unlock() }
        while !stopping, lock.wait(until: deadline) {}
    }

    private func locked<Value>(_ body: () -> Value) -> Value {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}
