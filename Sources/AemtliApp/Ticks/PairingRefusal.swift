import Foundation

/// Why a pairing code was not accepted at `/_aemtli/pair`. The device learns no more than that
/// the code did not work; these cases are for the log and the sentence.
public enum PairingRefusal: Error, Equatable, Sendable {
    /// No code is waiting: none was made, it was used, or five wrong tries voided it.
    case noCode
    /// The code's 10 minutes are over; a new `serve pair` is needed.
    case expired
    /// Not the code; `triesLeft` more wrong ones void it.
    case wrong(triesLeft: Int)
    /// The fifth wrong try: the code is void now, for everyone.
    case voided
}
