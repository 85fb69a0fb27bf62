import Foundation

/// The sign-in callback's token, handed from the server's connection thread that received it to
/// the thread that waits for it. The first one counts.
final class ReceivedToken: @unchecked Sendable {
    private let condition = NSCondition()
    private var token: WebAuthToken?

    func keep(_ token: WebAuthToken) {
        condition.lock()
        if self.token == nil { self.token = token }
        condition.broadcast()
        condition.unlock()
    }

    /// The token once one came, waiting at most `seconds` for it; nil when none came by then.
    func wait(seconds: TimeInterval) -> WebAuthToken? {
        let deadline = Date(timeIntervalSinceNow: min(seconds, 86_400))
        condition.lock()
        defer { condition.unlock() }
        while token == nil && condition.wait(until: deadline) {}
        return token
    }
}
