import Foundation

/// Time and chance as sync sees them, injected so that tests neither wait nor guess: the run's
/// clock, a sleep between retries, a random number in [0, 1) for jitter, and whether whoever runs
/// the sync wants it to end.
public struct SyncClock: Sendable {
    public var now: @Sendable () -> Date
    /// May return early once `stopped` is true (serve's wait does, on SIGTERM).
    public var sleep: @Sendable (TimeInterval) -> Void
    public var random: @Sendable () -> Double
    /// True once the run should end at its next wait: `serve` is stopping and must not sit out
    /// CloudKit's retry time (up to five minutes) first. The run then ends as a temporary failure,
    /// between two requests, where nothing is half-written.
    public var stopped: @Sendable () -> Bool

    public init(
        now: @escaping @Sendable () -> Date, sleep: @escaping @Sendable (TimeInterval) -> Void,
        random: @escaping @Sendable () -> Double, stopped: @escaping @Sendable () -> Bool = { false }
    ) {
        self.now = now
        self.sleep = sleep
        self.random = random
        self.stopped = stopped
    }

    /// The wall clock, a real sleep and the system's random numbers.
    public static let system = SyncClock(
        now: { Date() },
        sleep: { seconds in if seconds > 0 { Thread.sleep(forTimeInterval: seconds) } },
        random: { Double.random(in: 0..<1) })
}
