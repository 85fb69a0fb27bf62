import Foundation

/// SPEC §8.4's retry rules: the server's hint when it gives one, else 1, 2, 4, 8, 16 s with ±20 %
/// jitter; at most six attempts per request and five minutes of a run spent waiting or trying.
struct RetryPolicy: Sendable {
    static let maximumAttempts = 6
    static let budget: TimeInterval = 300

    /// The wait after failed attempt `attempt` (1-based) with no hint; `random` in [0, 1).
    static func backoff(afterAttempt attempt: Int, random: Double) -> TimeInterval {
        let base = Double(1 << min(max(attempt - 1, 0), 4))
        return base * (0.8 + 0.4 * min(max(random, 0), 1))
    }
}

/// How one answer should be handled.
enum AnswerKind: Equatable {
    case success
    /// May pass: retry after the hint (seconds) or the backoff; `lastResort` is what to throw
    /// when the attempts run out (75 for most, 76 for a 2xx body that is not JSON).
    case retry(what: String, hint: TimeInterval?, finalIsProtocol: Bool)
    case signInNeeded
    case final
}
