import CloudKitWeb
import Foundation
import JSON

/// Our own CloudKit Web Services for tests, on a loopback port the system picks: one zone of
/// records with a change log, an owner (private database) and a member (shared database),
/// sessions whose token rotates on every answer (the old one stops working), and faults injected
/// on request. Everything it was asked is recorded for the tests to check.
public final class FakeCloudKit: @unchecked Sendable {
    public static let apiToken = "api-token-0123"
    public static let container = "iCloud.com.example.Chores"
    public static let owner = "_owner0001"
    public static let member = "_member0002"

    public struct Recorded {
        public var method: String
        public var path: String
        public var operation: String
        public var webAuthToken: String?
        public var body: JSONValue?
        public var contentType: String?
    }

    public let lock = NSLock()
    public var zone: FakeZone
    public var zoneExists = true
    /// Database change counter: bumped by every change to the zone (and its deletion).
    public var databaseSeq = 0
    public var zoneChangedAt = 0
    public var pageSize = 200
    /// Sends `"moreComing": null` on every page instead of true or false.
    public var moreComingNull = false
    public var sessions: [String: String] = [:]
    public var tokenCounter = 0
    /// Every token ever handed out, for the tests that look for leaks.
    public var everyToken: [String] = []
    public var faults: [FakeFault] = []
    /// Whether the member's share lets them write (false: a read-only participant).
    public var memberMayWrite = true
    /// The records `records/modify` changed, in order.
    public var writes: [String] = []
    public var recorded: [Recorded] = []
    public var clockMillis: Int64 = 1_749_000_000_000
    /// Seconds the server spent answering (for the benchmark, which leaves them out).
    public var handlerSeconds: Double = 0
    public var server: HTTPTestServer?

    public init() {
        zone = FakeZone(
            zoneID: .object([
                "zoneName": .string("MainZone"), "ownerRecordName": .string(Self.owner),
                "zoneType": .string("REGULAR_CUSTOM_ZONE"),
            ]))
    }

    /// Starts listening; `stop()` ends it.
    public func start() throws {
        server = try HTTPTestServer { [unowned self] request in self.handle(request) }
    }

    public func stop() {
        server?.stop()
        server = nil
    }

    public var endpoint: String { server?.baseURL ?? "" }

    public func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    // MARK: Changing the zone, as the app on a phone would

    public func save(_ records: [JSONObject]) {
        withLock {
            for record in records {
                clockMillis += 1000
                zone.save(record, at: clockMillis)
            }
            noteZoneChange()
        }
    }

    /// Saves `ServerRecords.family(chores:)`.
    public func seedFamily(chores: Int) {
        save(ServerRecords.family(chores: chores))
    }

    public func delete(_ names: [String]) {
        withLock {
            for name in names { zone.delete(name) }
            noteZoneChange()
        }
    }

    public func deleteZone() {
        withLock {
            zoneExists = false
            zone.recreate()
            noteZoneChange()
        }
    }

    public func noteZoneChange() {
        databaseSeq += 1
        zoneChangedAt = databaseSeq
    }

    /// A fresh session for `user`; its token holds `+`, `/` and `=` so that encoding matters.
    public func signIn(_ user: String) -> String {
        withLock { issueToken(for: user) }
    }

    public func issueToken(for user: String) -> String {
        tokenCounter += 1
        let token = "tok+\(tokenCounter)/\(user)=="
        sessions[token] = user
        everyToken.append(token)
        return token
    }

    public func inject(_ fault: FakeFault) {
        withLock { faults.append(fault) }
    }

    public var liveRecords: [JSONValue] {
        withLock { zone.live.keys.sorted().compactMap { zone.live[$0] } }
    }

    public var requests: [Recorded] { withLock { recorded } }
    public var issuedTokens: [String] { withLock { everyToken } }

    public func recreateZone() {
        withLock {
            zoneExists = true
            noteZoneChange()
        }
    }
}
