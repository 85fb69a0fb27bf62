import JSON

/// A zone id as CloudKit sent it (`{zoneName, ownerRecordName, zoneType}`), kept as the raw JSON
/// value so that it goes back in later requests exactly as received.
public struct ZoneID: Equatable, Sendable {
    public let raw: JSONValue

    /// nil unless `raw` is an object with a string `zoneName`.
    public init?(raw: JSONValue) {
        guard raw["zoneName"]?.stringValue != nil else { return nil }
        self.raw = raw
    }

    /// A zone of the caller's own (private) database, named only.
    public init(zoneName: String) {
        raw = .object(["zoneName": .string(zoneName)])
    }

    public var zoneName: String { raw["zoneName"]?.stringValue ?? "" }
    public var ownerRecordName: String? { raw["ownerRecordName"]?.stringValue }
}
