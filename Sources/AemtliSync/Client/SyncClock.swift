import Foundation

/// Time and chance as sync sees them, injected so that tests neither wait nor guess: the run's
/// clock, a sleep between retries, and a random number in [0, 1) for jitter.
public struct SyncClock: Sendable {
    public var now: @Sendable () -> Date
    public var sleep: @Sendable (TimeInterval) -> Void
    public var random: @Sendable () -> Double

    public init(
        now: @escaping @Sendable () -> Date, sleep: @escaping @Sendable (TimeInterval) -> Void,
        random: @escaping @Sendable () -> Double
    ) {
        self.now = now
        self.sleep = sleep
        self.random = random
    }

    /// The wall clock, a real sleep and the system's random numbers.
    public static let system = SyncClock(
        now: { Date() },
        sleep: { seconds in if seconds > 0 { Thread.sleep(forTimeInterval: seconds) } },
        random: { Double.random(in: 0..<1) })
}
