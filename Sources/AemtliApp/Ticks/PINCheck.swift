import Foundation

/// What checking a parent's PIN from a device came to.
public enum PINCheck: Equatable, Sendable {
    /// The PIN of this parent (their member id).
    case accepted(memberID: String)
    /// Not the PIN of any parent asked about; `triesLeft` more wrong ones lock the device's PIN entry.
    case wrong(triesLeft: Int)
    /// This device's PIN entry is locked until then (five wrong PINs); the PIN was not looked at.
    case locked(until: Date)
    /// None of the parents asked about has a PIN yet (`aemtli serve pin`); nothing was counted.
    case noPIN
}
