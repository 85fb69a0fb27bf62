import JSON

/// Who a session belongs to, from `users/caller`: the identity is the whole body (as Apple's web
/// client reads it) or the first element of `users` (as Apple's older reference shows it).
public struct CallerIdentity: Equatable, Sendable {
    public var userRecordName: String
    /// Given and family name when the user shares them, else nil.
    public var displayName: String?

    public init(userRecordName: String, displayName: String? = nil) {
        self.userRecordName = userRecordName
        self.displayName = displayName
    }

    public init(body: JSONValue) throws {
        let identity = body["userRecordName"] != nil ? body : (body["users"]?.arrayValue?.first ?? .null)
        guard let name = identity["userRecordName"]?.stringValue, !name.isEmpty else {
            throw CloudKitError(.unexpectedShape(operation: "users/caller", detail: "no userRecordName"))
        }
        userRecordName = name
        let parts = [identity["nameComponents"]?["givenName"], identity["nameComponents"]?["familyName"]]
            .compactMap { $0?.stringValue }.filter { !$0.isEmpty }
        displayName = parts.isEmpty ? nil : parts.joined(separator: " ")
    }
}
