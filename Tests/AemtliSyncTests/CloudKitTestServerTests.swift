import CloudKitTestServer
import CloudKitWeb
import Foundation
import XCTest

/// The tests' CloudKit answers requests beside each other, as CloudKit does: a long poll is held
/// while the sync's calls go on (SPEC §9's push), so a held request must hold up no other.
final class CloudKitTestServerTests: XCTestCase {
    private func operation(_ path: String, _ server: FakeCloudKit, token: String) -> HTTPRequest {
        let url =
            server.endpoint + "/database/1/\(FakeCloudKit.container)/development/private/\(path)?ckAPIToken="
            + FakeCloudKit.apiToken + "&ckWebAuthToken=" + PercentEncoding.encode(token)
        return HTTPRequest(method: .get, url: url, headers: [], body: nil)
    }

    func testAHeldRequestHoldsUpNoOtherAndAStopEndsIt() throws {
        let server = FakeCloudKit()
        try server.start()
        defer { server.stop() }
        server.seedFamily(chores: 1)
        server.inject(FakeFault(.hold(seconds: 30), on: "zones/list"))
        let transport = URLSessionTransport()
        let heldToken = server.signIn(FakeCloudKit.owner)
        let heldEnded = DispatchSemaphore(value: 0)
        Thread {
            _ = try? transport.send(self.operation("zones/list", server, token: heldToken))
            heldEnded.signal()
        }.start()
        let deadline = Date(timeIntervalSinceNow: 5)
        while server.requests.isEmpty && Date() < deadline { usleep(5_000) }
        XCTAssertEqual(server.requests.map(\.operation), ["zones/list"])

        let start = Date()
        let answer = try transport.send(operation("users/caller", server, token: server.signIn(FakeCloudKit.owner)))

        XCTAssertEqual(answer.status, 200)
        XCTAssertLessThan(Date().timeIntervalSince(start), 5, "answered while the other was held")
        XCTAssertEqual(heldEnded.wait(timeout: .now()), .timedOut, "the first is still held")
        server.stop()
        XCTAssertEqual(heldEnded.wait(timeout: .now() + 5), .success, "a stop ends the hold")
    }
}
