import AemtliCore
import CloudKitWeb
import Foundation
import JSON

/// What `STORE/cloudkit/sync.state` records: which zone the pages are of, how far they go, and
/// the journal's committed length. It is the commit point: a page or a journal line counts once
/// the state that points past it is written, and anything beyond it is removed at the next start.
struct SyncState: Equatable {
    static let version: Int64 = 1

    var container: String
    var environment: String
    var database: CloudKitDatabase
    var zoneName: String
    var userRecordName: String
    /// The zone id as CloudKit sent it, echoed back in requests.
    var zoneID: ZoneID?
    var databaseSyncToken: String?
    /// The generation being written or last written (0: none), and its last committed page.
    var generation = 0
    var lastPage = 0
    /// The `changes/zone` token after `lastPage`.
    var zoneSyncToken: String?
    /// Whether `generation` holds the whole zone (false while a full fetch is under way).
    var complete = false
    /// A complete older generation kept until `generation` is complete.
    var replaces: Int?
    /// Bytes of `history/done.jsonl` that are committed.
    var journalLength: Int64 = 0
    /// Whether a complete generation was ever written: the journal records changes only after.
    var baselineDone = false
    var lastSuccess: Date?
    /// When the journal's last sync line was written by a run of this state (SPEC §8.5).
    var lastSyncLine: Date?
    /// Record names whose last entry was a per-record error (listed by `sync status`).
    var skipped: [String] = []

    /// A whole generation and the token after it: the next fetch asks only for what changed since.
    var fetchesChangesOnly: Bool { complete && generation > 0 && zoneSyncToken != nil }

    /// The same zone, account and database: pages and tokens carry over.
    func matches(_ other: SyncState) -> Bool {
        container == other.container && environment == other.environment && database == other.database
            && zoneName == other.zoneName && userRecordName == other.userRecordName
    }

    var json: JSONValue {
        var object: JSONObject = [
            "version": .integer(Self.version), "container": .string(container), "environment": .string(environment),
            "database": .string(database.rawValue), "zoneName": .string(zoneName),
            "userRecordName": .string(userRecordName),
            "generation": .integer(Int64(generation)), "lastPage": .integer(Int64(lastPage)),
            "complete": .bool(complete),
            "journalLength": .integer(journalLength), "baselineDone": .bool(baselineDone),
            "skipped": .array(skipped.map { .string($0) }),
        ]
        object["zoneID"] = zoneID?.raw
        object["databaseSyncToken"] = databaseSyncToken.map { .string($0) }
        object["zoneSyncToken"] = zoneSyncToken.map { .string($0) }
        object["replaces"] = replaces.map { .integer(Int64($0)) }
        object["lastSuccess"] = lastSuccess.map { .string(Timestamp.text($0)) }
        object["lastSyncLine"] = lastSyncLine.map { .integer($0.millis) }
        return .object(object)
    }

    init(container: String, environment: String, database: CloudKitDatabase, zoneName: String, userRecordName: String) {
        self.container = container
        self.environment = environment
        self.database = database
        self.zoneName = zoneName
        self.userRecordName = userRecordName
    }

    /// nil when `value` is not a state this version wrote.
    init?(json value: JSONValue) {
        guard value["version"]?.integerValue == Self.version,
            let container = value["container"]?.stringValue, let environment = value["environment"]?.stringValue,
            let database = value["database"]?.stringValue.flatMap(CloudKitDatabase.init(rawValue:)),
            let zoneName = value["zoneName"]?.stringValue, let user = value["userRecordName"]?.stringValue,
            let generation = value["generation"]?.integerValue, let lastPage = value["lastPage"]?.integerValue
        else { return nil }
        self.init(
            container: container, environment: environment, database: database, zoneName: zoneName, userRecordName: user
        )
        zoneID = value["zoneID"].flatMap(ZoneID.init(raw:))
        databaseSyncToken = value["databaseSyncToken"]?.stringValue
        self.generation = Int(generation)
        self.lastPage = Int(lastPage)
        zoneSyncToken = value["zoneSyncToken"]?.stringValue
        complete = value["complete"]?.boolValue ?? false
        replaces = value["replaces"]?.integerValue.map { Int($0) }
        journalLength = value["journalLength"]?.integerValue ?? 0
        baselineDone = value["baselineDone"]?.boolValue ?? false
        lastSuccess = Timestamp.date(value["lastSuccess"]?.stringValue)
        lastSyncLine = value["lastSyncLine"]?.integerValue.map(Date.init(millis:))
        skipped = value["skipped"]?.arrayValue?.compactMap(\.stringValue) ?? []
    }

    /// The state in `path`, nil when there is none; a file that is not a state is an error.
    static func load(from path: String, files: SyncFiles = SyncFiles()) throws -> SyncState? {
        guard let bytes = try files.read(path) else { return nil }
        guard let value = try? JSONParser.parse(bytes), let state = SyncState(json: value) else {
            throw SyncError(.cannotRead(path: path, detail: "it is not a sync state this version of aemtli wrote"))
        }
        return state
    }
}
