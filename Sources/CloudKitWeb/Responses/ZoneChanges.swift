import JSON

/// One zone's part of a `changes/zone` answer: its records since the token, or its error.
public enum ZoneChanges: Equatable, Sendable {
    /// `moreComing` nil when the server sent null or nothing (then one more request tells).
    case page(zoneID: ZoneID, syncToken: String?, moreComing: Bool?, records: [JSONValue])
    case failure(zoneID: ZoneID?, error: ServerErrorBody)

    /// The entry for `zoneName` in the answer `body`.
    public init(body: JSONValue, zoneName: String) throws {
        guard let zones = body["zones"]?.arrayValue else {
            throw CloudKitError(.unexpectedShape(operation: "changes/zone", detail: "no zones list"))
        }
        guard
            let entry = zones.first(where: { $0["zoneID"]?["zoneName"]?.stringValue == zoneName })
                ?? (zones.count == 1 ? zones.first : nil)
        else {
            throw CloudKitError(.unexpectedShape(operation: "changes/zone", detail: "no entry for zone \(zoneName)"))
        }
        let zoneID = entry["zoneID"].flatMap(ZoneID.init(raw:))
        if let error = ServerErrorBody(entry) {
            self = .failure(zoneID: zoneID, error: error)
            return
        }
        guard let zoneID else {
            throw CloudKitError(.unexpectedShape(operation: "changes/zone", detail: "a zone entry without a zoneID"))
        }
        let records = entry["records"]?.arrayValue ?? []
        let moreComing = entry["moreComing"]?.boolValue
        self = .page(
            zoneID: zoneID, syncToken: entry["syncToken"]?.stringValue, moreComing: moreComing, records: records)
    }
}
