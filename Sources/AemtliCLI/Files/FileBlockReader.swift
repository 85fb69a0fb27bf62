import Foundation

/// Reads a file's first blocks on all cores (`FileIO.readBlocks`) with `pread`, each block into
/// a buffer no other core is using. A checkpoint covers nearly all of a year's journal, a
/// hundred mebibytes that a build only digests; copied out of the page cache by one thread,
/// they took about 40 ms of a build's time.
enum FileBlockReader {
    private enum Outcome {
        case whole, short, failed(POSIXError)
    }

    /// Work item 0 is `alongside`, item `n` block `n - 1`: the cores take items in turn, so the
    /// one that finishes `alongside` goes on with blocks.
    static func read(_ path: String, count: Int, size: Int, alongside: () -> Void, _ body: (Int, UnsafeRawBufferPointer) -> Void) throws -> Bool {
        guard count > 0 else {
            alongside()
            return true
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw WholeFileReader.failure() }
        defer { close(descriptor) }
        let buffers = BufferPool(size: size)
        var outcomes = [Outcome](repeating: .whole, count: count)
        outcomes.withUnsafeMutableBufferPointer { outcomes in
            let outcomes = outcomes
            DispatchQueue.concurrentPerform(iterations: count + 1) { item in
                guard item > 0 else { return alongside() }
                let block = item - 1
                let buffer = buffers.take()
                defer { buffers.give(buffer) }
                do {
                    guard try WholeFileReader.fill(descriptor, buffer, at: block * size) == size else { return outcomes[block] = .short }
                } catch {
                    return outcomes[block] = .failed(error as? POSIXError ?? POSIXError(.EIO))
                }
                body(block, UnsafeRawBufferPointer(buffer))
            }
        }
        for case .failed(let error) in outcomes { throw error }
        return !outcomes.contains { if case .short = $0 { return true } else { return false } }
    }

    /// Buffers of one size, each lent to one worker at a time: as many are made as workers run
    /// at once, and freed with the pool.
    private final class BufferPool: @unchecked Sendable {
        private let size: Int
        private let lock = NSLock()
        private var free: [UnsafeMutableRawBufferPointer] = []
        private var all: [UnsafeMutableRawBufferPointer] = []

        init(size: Int) { self.size = size }

        func take() -> UnsafeMutableRawBufferPointer {
            lock.lock()
            defer { lock.unlock() }
            if let buffer = free.popLast() { return buffer }
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 64)
            all.append(buffer)
            return buffer
        }

        func give(_ buffer: UnsafeMutableRawBufferPointer) {
            lock.lock()
            free.append(buffer)
            lock.unlock()
        }

        deinit { all.forEach { $0.deallocate() } }
    }
}
