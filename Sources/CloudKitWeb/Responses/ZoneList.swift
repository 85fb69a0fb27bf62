import JSON

/// A `zones/list` answer: the zone ids of a database.
public struct ZoneList: Equatable, Sendable {
    public var zoneIDs: [ZoneID]

    public init(body: JSONValue) throws {
        guard let entries = body["zones"]?.arrayValue else {
            throw CloudKitError(.unexpectedShape(operation: "zones/list", detail: "no zones list"))
        }
        zoneIDs = entries.compactMap { entry in entry["zoneID"].flatMap(ZoneID.init(raw:)) }
    }
}
