import JSON

/// The answer to one `subscriptions/modify` operation (CLOUDKIT.md §13.2): the subscription saved,
/// or the per-subscription error the server put in its place, still in an HTTP 200.
public enum SubscriptionModification: Equatable, Sendable {
    case saved(id: String)
    case failed(serverErrorCode: String, reason: String?)

    /// The first entry of an answer's `subscriptions`; nil when the answer has none.
    public init?(answer: JSONValue) {
        guard let entry = answer["subscriptions"]?.arrayValue?.first else { return nil }
        if let code = entry["serverErrorCode"]?.stringValue {
            self = .failed(serverErrorCode: code, reason: entry["reason"]?.stringValue)
        } else if let id = entry["subscriptionID"]?.stringValue {
            self = .saved(id: id)
        } else {
            return nil
        }
    }
}
