import Files
import Foundation
import JSON

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `STORE/cloudkit/push` (SPEC §9 "Push"): whether the `aemtli serve` that syncs the store hears of
/// changes within seconds, and if not why, for `sync status`, `aemtli check` and the pages. JSON in
/// a file not named `*.json`, written atomically by serve when the state changes; it never holds
/// the long-poll address.
///
/// ```
/// {"state": "failing", "since": "2026-05-04T07:15:00Z", "pid": 4711,
///  "detail": "the request timed out"}
/// ```
public struct PushStatus: Equatable, Sendable {
    public enum State: String, CaseIterable, Sendable {
        /// A long poll is open: changes arrive within seconds.
        case on
        /// Registering, or waiting for the first sync that would.
        case starting
        /// No session, or CloudKit ended it: nothing until someone signs in again.
        case signIn = "sign-in"
        /// CloudKit refused the subscription or the address; serve asks again now and then.
        case refused
        /// The long poll fails again and again (or registering does); serve goes on trying.
        case failing
        /// The serve that wrote it has stopped.
        case stopped
    }

    public var state: State
    /// Since when the state holds.
    public var since: Date
    /// What went wrong, in a few words (refused, failing); nil otherwise.
    public var detail: String?
    /// The serve that wrote it: a state other than `stopped` holds only while it runs.
    public var pid: Int32

    public init(state: State, since: Date, detail: String? = nil, pid: Int32 = getpid()) {
        self.state = state
        self.since = since
        self.detail = detail
        self.pid = pid
    }

    /// Whether the serve that wrote the file still runs (a killed one could not say `stopped`).
    public var writerRunning: Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }

    /// The state as it holds now: `stopped` when its serve no longer runs.
    public var current: State {
        state == .stopped || writerRunning ? state : .stopped
    }

    public var json: JSONValue {
        var object: JSONObject = [
            "state": .string(state.rawValue), "since": .string(Timestamp.text(since)), "pid": .integer(Int64(pid)),
        ]
        object["detail"] = detail.map { .string($0) }
        return .object(object)
    }

    /// The push status of the store at `store`; nil when no serve wrote one (or it is not one). A
    /// pipe or device in its place counts as absent: reading it could wait for ever for a writer.
    public static func read(store: String, files: FileIO = .local) -> PushStatus? {
        let path = StoreLayout(store: store).push
        guard files.kind(path) == .file else { return nil }
        return (try? files.readBytes(path)).flatMap(parse)
    }

    /// The status in the file's bytes; nil when they are not one.
    public static func parse(_ bytes: [UInt8]) -> PushStatus? {
        guard let value = try? JSONParser.parse(bytes),
            let state = value["state"]?.stringValue.flatMap(State.init(rawValue:)),
            let since = Timestamp.date(value["since"]?.stringValue),
            let pid = value["pid"]?.integerValue.flatMap({ Int32(exactly: $0) })
        else { return nil }
        return PushStatus(state: state, since: since, detail: value["detail"]?.stringValue, pid: pid)
    }

    /// Writes the file into the store at `store` (its `cloudkit/` folder made when missing).
    public func write(store: String) throws {
        let layout = StoreLayout(store: store)
        do {
            try FileIO.local.makeFolders(layout.cloudkit)
        } catch {
            throw SyncError(.cannotWrite(path: layout.cloudkit, detail: FileIO.describe(error)))
        }
        try SyncFiles().write(json.serializedBytes(pretty: true) + [0x0A], to: layout.push)
    }
}
