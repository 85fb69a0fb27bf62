import Foundation

/// A value worked out by whichever render job needs it first, while the others wait for it rather
/// than work it out again: shared, slow work leaves the build's setup (one core) for the jobs (all
/// cores).
final class LazyValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var made: Value?
    private let make: () -> Value

    init(_ make: @escaping () -> Value) {
        self.make = make
    }

    var value: Value {
        lock.lock()
        defer { lock.unlock() }
        if let made { return made }
        let value = make()
        made = value
        return value
    }
}
