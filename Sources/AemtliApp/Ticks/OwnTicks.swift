import Foundation

/// The ticks aemtli itself wrote in the last moments, by device and chore, with the change tag
/// CloudKit gave each: an undo (SPEC §10) is offered for 10 seconds to the device that ticked, and
/// carries that tag, so that it undoes this write and nothing a phone did since. Kept in memory:
/// a restarted `serve` offers no undo, which is the safe side.
final class OwnTicks: @unchecked Sendable {
    /// How long the page offers Undo.
    static let offered: TimeInterval = 10
    /// How long an undo is accepted: a tap at the end of the offer may take a moment to arrive.
    static let accepted: TimeInterval = 15

    private struct Key: Hashable {
        var device: String
        var chore: String
    }

    private var ticks: [Key: (changeTag: String, at: Date)] = [:]
    private let lock = NSLock()

    func remember(device: String, chore: String, changeTag: String, at now: Date) {
        lock.lock()
        defer { lock.unlock() }
        ticks = ticks.filter { now.timeIntervalSince($0.value.at) < Self.accepted }
        ticks[Key(device: device, chore: chore)] = (changeTag, now)
    }

    /// The change tag of this device's own tick of `chore`, while it may still be undone.
    func undoTag(device: String, chore: String, at now: Date) -> String? {
        lock.lock()
        defer { lock.unlock() }
        guard let tick = ticks[Key(device: device, chore: chore)], now.timeIntervalSince(tick.at) < Self.accepted
        else { return nil }
        return tick.changeTag
    }

    /// Forgets a tick once it was undone, or once anything but busy came of undoing it.
    func forget(device: String, chore: String) {
        lock.lock()
        defer { lock.unlock() }
        ticks[Key(device: device, chore: chore)] = nil
    }
}
