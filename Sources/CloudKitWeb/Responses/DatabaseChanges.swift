import JSON

/// A `changes/database` answer: the zones changed since the token, and the next token.
public struct DatabaseChanges: Equatable, Sendable {
    public struct Zone: Equatable, Sendable {
        public var zoneID: ZoneID
        public var deleted: Bool
    }

    public var zones: [Zone]
    public var syncToken: String?
    public var moreComing: Bool

    public init(body: JSONValue) throws {
        guard let entries = body["zones"]?.arrayValue else {
            throw CloudKitError(.unexpectedShape(operation: "changes/database", detail: "no zones list"))
        }
        zones = try entries.map { entry in
            guard let raw = entry["zoneID"], let zoneID = ZoneID(raw: raw) else {
                throw CloudKitError(.unexpectedShape(operation: "changes/database", detail: "a zone without a zoneID"))
            }
            return Zone(zoneID: zoneID, deleted: entry["deleted"]?.boolValue ?? false)
        }
        syncToken = body["syncToken"]?.stringValue
        moreComing = body["moreComing"]?.boolValue ?? false
    }
}
