import CloudKitWeb
import Foundation

/// What `SyncEngine.registerForPush` got: the long-poll address, when to ask for a new one, and
/// the subscription it found or made. Its description leaves the address out.
public struct PushRegistration: Sendable, CustomStringConvertible {
    public let address: LongPollAddress
    /// Before the address's `ttl` ends: serve registers again from then on.
    public let renewAt: Date
    public let subscriptionID: String
    /// Whether this registration created the subscription (false: `subscriptions/list` had it).
    public let createdSubscription: Bool
    /// Whether the address is new (false: the one kept from before was still good).
    public let newAddress: Bool
    /// The sign-in time of the session it was made in.
    public let signedInAt: Date

    public var description: String {
        "subscription \(subscriptionID) (\(createdSubscription ? "created" : "found")), "
            + "\(newAddress ? "a new" : "the kept") long-poll address"
    }
}
