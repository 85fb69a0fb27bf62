import JSON

/// The parts of a frame aemtli reads (CLOUDKIT.md §13.3), each nil when absent or of the wrong
/// kind. A frame carries no record data, and its zone is only a hint: any frame means "sync now".
public struct PushFrame: Equatable, Sendable {
    /// `ck.nid`: one change that matched two subscriptions gives two frames with one ID.
    public var notificationID: String?
    /// `sid` of the zone (`fet`), database (`met`) or query (`qry`) part.
    public var subscriptionID: String?
    /// `fet.zid`/`qry.zid`: the zone's name; a database frame names none.
    public var zoneName: String?
    /// `dbs`: 0 public, 1 private, 2 shared (inferred in CLOUDKIT.md §13.3).
    public var database: Int?

    /// nil unless `value` is an object whose `ck` is an object.
    public init?(_ value: JSONValue) {
        guard let ck = value["ck"], ck.objectValue != nil else { return nil }
        notificationID = ck["nid"]?.stringValue
        let part = ck["fet"]?.objectValue != nil ? ck["fet"] : ck["met"]?.objectValue != nil ? ck["met"] : ck["qry"]
        subscriptionID = part?["sid"]?.stringValue
        zoneName = part?["zid"]?.stringValue
        database = part?["dbs"]?.integerValue.flatMap { Int(exactly: $0) }
    }

    public init(notificationID: String?, subscriptionID: String?, zoneName: String?, database: Int?) {
        self.notificationID = notificationID
        self.subscriptionID = subscriptionID
        self.zoneName = zoneName
        self.database = database
    }
}
