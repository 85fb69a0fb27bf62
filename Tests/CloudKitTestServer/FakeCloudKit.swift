import CloudKitWeb
import Foundation
import JSON

/// Our own CloudKit Web Services for tests, on a loopback port the system picks: one zone of
/// records with a change log, an owner (private database) and a member (shared database),
/// sessions whose token rotates on every answer (the old one stops working), and faults injected
/// on request. Everything it was asked is recorded for the tests to check.
package final class FakeCloudKit: @unchecked Sendable {
    package static let apiToken = "api-token-0123"
    package static let container = "iCloud.com.example.Chores"
    package static let owner = "_owner0001"
    package static let member = "_member0002"

    package struct Recorded {
        package var method: String
        package var path: String
        package var operation: String
        package var webAuthToken: String?
        package var body: JSONValue?
        package var contentType: String?
        /// `requestClock`'s time when the request came, for tests that look at when it was asked.
        package var at: Date?
    }

    package let lock = NSLock()
    package var zone: FakeZone
    package var zoneExists = true
    /// Database change counter: bumped by every change to the zone (and its deletion).
    package var databaseSeq = 0
    package var zoneChangedAt = 0
    package var pageSize = 200
    /// Sends `"moreComing": null` on every page instead of true or false.
    package var moreComingNull = false
    package var sessions: [String: String] = [:]
    package var tokenCounter = 0
    /// Every token ever handed out, for the tests that look for leaks.
    package var everyToken: [String] = []
    package var faults: [FakeFault] = []
    /// Whether the member's share lets them write (false: a read-only participant).
    package var memberMayWrite = true
    /// How many of the next updates are refused with `ZONE_BUSY`, as CloudKit does under load.
    package var busyWrites = 0
    /// The records `records/modify` changed, in order.
    package var writes: [String] = []
    package var recorded: [Recorded] = []
    /// The clock the recorded requests' times are read from (a test's movable clock); none: no times.
    package var requestClock: (() -> Date)?
    package var clockMillis: Int64 = 1_749_000_000_000
    /// Seconds the server spent answering (for the benchmark, which leaves them out).
    package var handlerSeconds: Double = 0
    package var server: HTTPTestServer?
    /// Push (CLOUDKIT.md §13): off by default, so that a serve in a test that does not ask for it
    /// syncs only when its clock says so; `tokens/create` and `subscriptions/*` then answer
    /// `BAD_REQUEST` as to any unknown operation.
    package var pushEnabled = false
    /// The webcourier: its state, and its long poll on a server of its own (another host at Apple).
    package let courier = FakeCourier()
    package var courierServer: HTTPTestServer?

    package init() {
        zone = FakeZone(
            zoneID: .object([
                "zoneName": .string("MainZone"), "ownerRecordName": .string(Self.owner),
                "zoneType": .string("REGULAR_CUSTOM_ZONE"),
            ]))
    }

    /// Starts listening; `stop()` ends it.
    package func start() throws {
        server = try HTTPTestServer { [unowned self] request in self.handle(request) }
        try startCourier()
    }

    /// Starts the webcourier's long poll on a port of its own (`start()` does it too).
    package func startCourier() throws {
        let courier = self.courier
        let courierServer = try HTTPTestServer { request in
            .waiting { gone in
                courier.answer(request.path + (request.query.map { "?" + $0 } ?? ""), clientGone: gone).reply
            }
        }
        courier.baseURL = courierServer.baseURL
        self.courierServer = courierServer
    }

    package func stop() {
        server?.stop()
        server = nil
        courierServer?.stop()
        courierServer = nil
    }

    package var endpoint: String { server?.baseURL ?? "" }

    package func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    // MARK: Changing the zone, as the app on a phone would

    package func save(_ records: [JSONObject]) {
        withLock {
            for record in records {
                clockMillis += 1000
                zone.save(record, at: clockMillis)
            }
            noteZoneChange()
        }
    }

    /// Saves `ServerRecords.family(chores:)` as one change, as a family's first sync finds it.
    package func seedFamily(chores: Int) {
        save(ServerRecords.family(chores: chores))
    }

    package func delete(_ names: [String]) {
        withLock {
            for name in names { zone.delete(name) }
            noteZoneChange()
        }
    }

    package func deleteZone() {
        withLock {
            zoneExists = false
            zone.recreate()
            noteZoneChange()
        }
    }

    package func noteZoneChange() {
        databaseSeq += 1
        zoneChangedAt = databaseSeq
        courier.zoneChanged(
            zoneName: zone.zoneID["zoneName"]?.stringValue ?? "", owner: Self.owner,
            readers: [(Self.owner, "private"), (Self.member, "shared")])
    }

    /// A fresh session for `user`; its token holds `+`, `/` and `=` so that encoding matters.
    package func signIn(_ user: String) -> String {
        withLock { issueToken(for: user) }
    }

    /// What a browser ends on after `user` signs in: aemtli's callback address with a fresh
    /// session's token, the text `aemtli sync login --paste` reads.
    package func pastedAddress(signingIn user: String) -> String {
        "http://127.0.0.1:8731/aemtli/callback?ckWebAuthToken=" + PercentEncoding.encode(signIn(user))
    }

    package func issueToken(for user: String) -> String {
        tokenCounter += 1
        let token = "tok+\(tokenCounter)/\(user)=="
        sessions[token] = user
        everyToken.append(token)
        return token
    }

    package func inject(_ fault: FakeFault) {
        withLock { faults.append(fault) }
    }

    package var liveRecords: [JSONValue] {
        withLock { zone.live.keys.sorted().compactMap { zone.live[$0] } }
    }

    package var requests: [Recorded] { withLock { recorded } }
    package var issuedTokens: [String] { withLock { everyToken } }

    package func recreateZone() {
        withLock {
            zoneExists = true
            noteZoneChange()
        }
    }
}
