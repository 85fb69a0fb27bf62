import Foundation
import JSON

@testable import AemtliSync
@testable import CloudKitWeb

/// Our own CloudKit Web Services for tests, on a loopback port the system picks: one zone of
/// records with a change log, an owner (private database) and a member (shared database),
/// sessions whose token rotates on every answer (the old one stops working), and faults injected
/// on request. Everything it was asked is recorded for the tests to check.
final class FakeCloudKit: @unchecked Sendable {
    static let apiToken = "api-token-0123"
    static let container = "iCloud.com.example.Chores"
    static let owner = "_owner0001"
    static let member = "_member0002"

    struct Recorded {
        var method: String
        var path: String
        var operation: String
        var webAuthToken: String?
        var body: JSONValue?
        var contentType: String?
    }

    let lock = NSLock()
    var zone: FakeZone
    var zoneExists = true
    /// Database change counter: bumped by every change to the zone (and its deletion).
    var databaseSeq = 0
    var zoneChangedAt = 0
    var pageSize = 200
    /// Sends `"moreComing": null` on every page instead of true or false.
    var moreComingNull = false
    var sessions: [String: String] = [:]
    var tokenCounter = 0
    /// Every token ever handed out, for the tests that look for leaks.
    var everyToken: [String] = []
    var faults: [FakeFault] = []
    /// Whether the member's share lets them write (false: a read-only participant).
    var memberMayWrite = true
    /// The records `records/modify` changed, in order.
    var writes: [String] = []
    var recorded: [Recorded] = []
    var clockMillis: Int64 = 1_749_000_000_000
    /// Seconds the server spent answering (for the benchmark, which leaves them out).
    var handlerSeconds: Double = 0
    var server: HTTPTestServer?

    init() {
        zone = FakeZone(
            zoneID: .object([
                "zoneName": .string("MainZone"), "ownerRecordName": .string(Self.owner),
                "zoneType": .string("REGULAR_CUSTOM_ZONE"),
            ]))
    }

    /// Starts listening; `stop()` ends it.
    func start() throws {
        server = try HTTPTestServer { [unowned self] request in self.handle(request) }
    }

    func stop() {
        server?.stop()
        server = nil
    }

    var endpoint: String { server?.baseURL ?? "" }

    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    // MARK: Changing the zone, as the app on a phone would

    func save(_ records: [JSONObject]) {
        withLock {
            for record in records {
                clockMillis += 1000
                zone.save(record, at: clockMillis)
            }
            noteZoneChange()
        }
    }

    func delete(_ names: [String]) {
        withLock {
            for name in names { zone.delete(name) }
            noteZoneChange()
        }
    }

    func deleteZone() {
        withLock {
            zoneExists = false
            zone.recreate()
            noteZoneChange()
        }
    }

    func noteZoneChange() {
        databaseSeq += 1
        zoneChangedAt = databaseSeq
    }

    /// A fresh session for `user`; its token holds `+`, `/` and `=` so that encoding matters.
    func signIn(_ user: String) -> String {
        withLock { issueToken(for: user) }
    }

    func issueToken(for user: String) -> String {
        tokenCounter += 1
        let token = "tok+\(tokenCounter)/\(user)=="
        sessions[token] = user
        everyToken.append(token)
        return token
    }

    func inject(_ fault: FakeFault) {
        withLock { faults.append(fault) }
    }

    var liveRecords: [JSONValue] {
        withLock { zone.live.keys.sorted().compactMap { zone.live[$0] } }
    }

    var requests: [Recorded] { withLock { recorded } }
    var issuedTokens: [String] { withLock { everyToken } }

    func recreateZone() {
        withLock {
            zoneExists = true
            noteZoneChange()
        }
    }
}
