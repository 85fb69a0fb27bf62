import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The outcome of one URLSession task, handed from its callback's thread.
final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var values: (Data?, HTTPURLResponse?, Error?) = (nil, nil, nil)

    func set(data: Data?, response: HTTPURLResponse?, error: Error?) {
        lock.lock()
        values = (data, response, error)
        lock.unlock()
    }

    var data: Data? {
        lock.lock()
        defer { lock.unlock() }
        return values.0
    }
    var response: HTTPURLResponse? {
        lock.lock()
        defer { lock.unlock() }
        return values.1
    }
    var error: Error? {
        lock.lock()
        defer { lock.unlock() }
        return values.2
    }
}
