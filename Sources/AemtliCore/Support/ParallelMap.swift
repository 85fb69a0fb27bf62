import Dispatch

/// Work over many independent items spread across the cores. Each result lands at its item's
/// index, so the output is the same as a serial run's, byte for byte.
public enum ParallelMap {
    public static func map<Value>(_ count: Int, _ body: (Int) throws -> Value) throws -> [Value] {
        if count < 2 { return try (0..<count).map(body) }
        var results = [Result<Value, Error>?](repeating: nil, count: count)
        results.withUnsafeMutableBufferPointer { slots in
            let slots = slots
            DispatchQueue.concurrentPerform(iterations: count) { index in
                slots[index] = Result { try body(index) }
            }
        }
        return try results.map { result in
            guard let result else { preconditionFailure("concurrentPerform ran every index") }
            return try result.get()
        }
    }

    /// `count` items in runs of `size`, each run on whichever core is free: one result per run,
    /// in order.
    public static func chunks<Value>(_ count: Int, size: Int, _ body: (Range<Int>) -> Value) -> [Value] {
        // The body cannot throw, so neither can `map`.
        (try? map((count + size - 1) / size) { chunk in body(chunk * size..<min(count, (chunk + 1) * size)) }) ?? []
    }
}
