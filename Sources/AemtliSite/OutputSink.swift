import Foundation

/// Where renderers put finished files, as soon as each is done, so a large build need not hold
/// all of its output in memory. May be called from several threads at once.
public protocol OutputSink: AnyObject {
    /// Takes the file at `path` (relative to the output folder).
    func put(_ path: String, _ bytes: [UInt8]) throws
}

/// A sink that keeps the files, for tests and small outputs.
public final class CollectingSink: OutputSink, @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [String: [UInt8]] = [:]

    public init() {}

    public var files: [String: [UInt8]] {
        lock.lock()
        defer { lock.unlock() }
        return collected
    }

    public func put(_ path: String, _ bytes: [UInt8]) throws {
        lock.lock()
        defer { lock.unlock() }
        collected[path] = bytes
    }
}
