import Foundation

/// The request log's lines, from the server's threads, one at a time on standard output.
final class RequestLog: @unchecked Sendable {
    let output: TextOutput
    let lock = NSLock()

    init(output: TextOutput) {
        self.output = output
    }

    func write(_ line: String) {
        lock.lock()
        defer { lock.unlock() }
        output.write(line + "\n")
    }
}
