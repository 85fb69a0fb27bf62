import Foundation

/// Whether the `aemtli serve` that builds the pages hears of changes within seconds (SPEC §9
/// "Push"), and if not why: what its dashboard tells the parents. The caller reads it from the
/// store; the site only shows it, on live pages.
public enum PushState: Equatable, Sendable {
    /// A long poll is open: a change made in the app shows within seconds.
    case on
    /// Serve is asking iCloud to tell it of changes.
    case starting
    /// Nobody is signed in, or the session has ended.
    case signIn
    /// iCloud refused the subscription or the long-poll address.
    case refused
    /// The long poll has been failing since then.
    case failing(since: Date)
    /// The serve that said so no longer runs.
    case stopped
}
