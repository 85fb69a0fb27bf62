import JSON

/// The one subscription push needs (CLOUDKIT.md §13.2), with a fixed ID so that a restart finds it
/// in `subscriptions/list` instead of making a second one: the owner's zone subscription
/// `aemtli-<zone>` in the private database, or a participant's database subscription
/// `aemtli-shared` in the shared one (a zone subscription is refused there).
///
/// It carries no `notificationInfo`: Apple's CloudKit reference says that a subscription without
/// one still sends its notifications, only the system shows the user nothing, and the long poll
/// reads the frame's `ck` part, never `aps`. Any `notificationInfo` would reach the phones of the
/// same Apple ID too: an `alertBody` shows an alert there, `shouldSendContentAvailable` wakes the
/// family's app in the background at every change. So the smallest silent one is none.
public struct PushSubscription: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// Changes in one zone of the private database.
        case zone(ZoneID)
        /// Changes in any zone of the database (the shared one: the family's zone as shared with a member).
        case database
    }

    public let id: String
    public let kind: Kind

    /// The owner's subscription to `zoneID`, sent back exactly as CloudKit gave the zone id.
    public static func zone(_ zoneID: ZoneID) -> PushSubscription {
        PushSubscription(id: "aemtli-" + zoneID.zoneName, kind: .zone(zoneID))
    }

    /// A participant's subscription to the shared database.
    public static let sharedDatabase = PushSubscription(id: "aemtli-shared", kind: .database)

    /// The subscription as `subscriptions/modify` takes it.
    public var json: JSONValue {
        switch kind {
        case .zone(let zoneID):
            return .object([
                "subscriptionType": .string("zone"), "subscriptionID": .string(id), "zoneID": zoneID.raw,
            ])
        case .database:
            return .object(["subscriptionType": .string("database"), "subscriptionID": .string(id)])
        }
    }
}
