import Files
import Foundation
import JSON

/// `STORE/cloudkit/status` (SPEC §8.6): the outcome of the last sync run, for the build's notices
/// and `aemtli sync status`. JSON in a file not named `*.json` (so §2's reader skips it), written
/// atomically at the end of every run that got the store's lock; it never holds the token.
///
/// ```
/// {"ranAt": "2026-05-04T07:15:00Z", "result": "ok", "exitCode": 0,
///  "message": "The chores were brought up to date from iCloud.",   (for the family)
///  "detail": "…",                                                   (the error's sentence; absent when ok)
///  "lastSuccess": "2026-05-04T07:15:00Z", "sessionExpectedEnd": "2026-05-18T07:00:00Z"}
/// ```
public struct SyncStatus: Equatable, Sendable {
    public var ranAt: Date
    public var result: SyncResult
    /// One sentence for the family.
    public var message: String
    /// The failure's own sentence (what to do), nil after a good run.
    public var detail: String?
    public var lastSuccess: Date?
    /// The sign-in time plus two weeks, once a sync succeeded more than 30 minutes after sign-in
    /// (before, "Keep me signed in" may not have been ticked: the end is not known).
    public var sessionExpectedEnd: Date?

    public init(ranAt: Date, result: SyncResult, detail: String?, lastSuccess: Date?, sessionExpectedEnd: Date?) {
        self.ranAt = ranAt
        self.result = result
        message = result.familySentence
        self.detail = detail
        self.lastSuccess = lastSuccess
        self.sessionExpectedEnd = sessionExpectedEnd
    }

    public var json: JSONValue {
        var object: JSONObject = [
            "ranAt": .string(Timestamp.text(ranAt)), "result": .string(result.rawValue),
            "exitCode": .integer(Int64(result.exitCode)), "message": .string(message),
        ]
        object["detail"] = detail.map { .string($0) }
        object["lastSuccess"] = lastSuccess.map { .string(Timestamp.text($0)) }
        object["sessionExpectedEnd"] = sessionExpectedEnd.map { .string(Timestamp.text($0)) }
        return .object(object)
    }

    /// The status of the store at `store`, nil when it was never synced (or the file is not one).
    public static func read(store: String, files: FileIO = .local) -> SyncStatus? {
        (try? files.readBytes(StoreLayout(store: store).status)).flatMap(parse)
    }

    /// The status in a status file's bytes; nil when they are not one.
    public static func parse(_ bytes: [UInt8]) -> SyncStatus? {
        guard let value = try? JSONParser.parse(bytes),
            let ranAt = Timestamp.date(value["ranAt"]?.stringValue),
            let result = value["result"]?.stringValue.flatMap(SyncResult.init(rawValue:))
        else { return nil }
        var status = SyncStatus(
            ranAt: ranAt, result: result, detail: value["detail"]?.stringValue,
            lastSuccess: Timestamp.date(value["lastSuccess"]?.stringValue),
            sessionExpectedEnd: Timestamp.date(value["sessionExpectedEnd"]?.stringValue))
        if let message = value["message"]?.stringValue { status.message = message }
        return status
    }

    func write(to layout: StoreLayout, hooks: SyncHooks, files: SyncFiles) throws {
        try hooks.beforeWriting(.status)
        try files.write(json.serializedBytes(pretty: true) + [0x0A], to: layout.status)
    }
}

extension SyncStatus {
    /// For a run that stopped before the engine could start (its settings refused, e.g. no API
    /// token): records the failure all the same (SPEC §8.6: every run records its outcome), keeping
    /// the last success and the session's end from the status before it.
    public static func recordEarlyFailure(
        _ error: SyncError, store: String, at now: Date, files: FileIO = .local
    ) throws {
        let layout = StoreLayout(store: store)
        let previous = read(store: store, files: files)
        do {
            try files.makeFolders(layout.cloudkit)
        } catch {
            throw SyncError(.cannotWrite(path: layout.cloudkit, detail: FileIO.describe(error)))
        }
        let status = SyncStatus(
            ranAt: now, result: error.result, detail: error.description,
            lastSuccess: previous?.lastSuccess, sessionExpectedEnd: previous?.sessionExpectedEnd)
        try status.write(to: layout, hooks: SyncHooks(), files: SyncFiles(files))
    }
}
