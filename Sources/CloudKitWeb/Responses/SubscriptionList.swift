import JSON

/// A `subscriptions/list` answer: the IDs of the caller's subscriptions in a database. Entries
/// that are errors (`serverErrorCode` beside the ID) name no subscription and are left out.
public struct SubscriptionList: Equatable, Sendable {
    public var ids: [String]

    public init(body: JSONValue) throws {
        guard let entries = body["subscriptions"]?.arrayValue else {
            throw CloudKitError(.unexpectedShape(operation: "subscriptions/list", detail: "no subscriptions list"))
        }
        ids = entries.compactMap { entry in
            entry["serverErrorCode"] == nil ? entry["subscriptionID"]?.stringValue : nil
        }
    }
}
