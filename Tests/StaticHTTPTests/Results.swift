import Foundation

/// Bodies with their Content-Length and ETag, gathered from many threads.
final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [([UInt8], String?, String?)] = []

    func add(_ body: [UInt8], length: String?, tag: String?) {
        lock.lock()
        items.append((body, length, tag))
        lock.unlock()
    }

    var all: [([UInt8], String?, String?)] {
        lock.lock()
        defer { lock.unlock() }
        return items
    }
}
