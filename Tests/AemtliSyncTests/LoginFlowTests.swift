import CloudKitTestServer
import CloudKitWeb
import Foundation
import XCTest

@testable import AemtliSync

final class LoginFlowTests: XCTestCase {
    private let harness = SyncHarness()
    /// What the callback listener answers the browser with, as the app hands it over.
    private static let page = Array("<!DOCTYPE html><title>signed in</title>\n".utf8)

    override func setUpWithError() throws {
        try harness.start()
        harness.seedFamily(chores: 2)
    }

    override func tearDown() {
        harness.tearDown()
    }

    private func flow(apiToken: String = FakeCloudKit.apiToken) throws -> LoginFlow {
        let configuration = try SyncConfiguration(
            container: FakeCloudKit.container, environment: .development, apiToken: apiToken,
            endpoint: harness.server.endpoint
        ).checked()
        return LoginFlow(
            configuration: configuration, transport: harness.transport, sessionStore: harness.sessionStore,
            clock: harness.clock.syncClock)
    }

    /// Signs in through the loopback callback as a browser would, with the token under `parameter`.
    private func signInThroughCallback(_ user: String, parameter: String) throws -> Session {
        let login = try flow()
        XCTAssertEqual(try login.signInAddress(), "https://idmsa.example/signin?callback=aemtli")
        let listener = try CallbackListener(port: 0, page: Self.page)
        let token = harness.server.signIn(user)
        let shown = BrowserPage()
        let browser = Thread {
            let target = listener.callbackURL + "?" + parameter + "=" + PercentEncoding.encode(token)
            let answer = try? self.harness.transport.send(
                HTTPRequest(method: .get, url: target, headers: [], body: nil))
            shown.set(answer?.body)
        }
        browser.start()
        let received = try listener.waitForToken(timeLimit: 10)
        XCTAssertEqual(received.secret, token)
        XCTAssertEqual(shown.wait(), Self.page, "the browser is shown the page the app gave")
        return try login.complete(with: received)
    }

    func testTheOwnerSignsInThroughTheCallbackAndGetsThePrivateDatabase() throws {
        let session = try signInThroughCallback(FakeCloudKit.owner, parameter: "ckWebAuthToken")

        XCTAssertEqual(session.database, .private)
        XCTAssertEqual(session.userRecordName, FakeCloudKit.owner)
        XCTAssertEqual(session.signedInAt, harness.clock.now)
        XCTAssertEqual(try harness.sessionStore.load(), session)
        XCTAssertEqual(session.token.secret, harness.server.issuedTokens.last, "the newest rotated token is kept")
        XCTAssertEqual(harness.operations(), ["users/caller", "users/caller", "zones/list"])
        XCTAssertNil(harness.server.requests.first?.webAuthToken)
        XCTAssertTrue(
            harness.server.requests.filter { $0.operation != "changes/zone" }.allSatisfy {
                $0.method == "GET" && $0.body == nil
            })
    }

    func testAMemberSignsInWithCkSessionAndGetsTheSharedDatabase() throws {
        let session = try signInThroughCallback(FakeCloudKit.member, parameter: "ckSession")

        XCTAssertEqual(session.database, .shared)
        try harness.sync()
        try harness.assertStoreMatchesServer()
    }

    func testTheCallbackGivesUpAfterItsTimeLimit() throws {
        let listener = try CallbackListener(port: 0, page: Self.page)
        var calls = 0
        let start = Date()
        let clock: () -> Date = {
            calls += 1
            return calls > 2 ? start.addingTimeInterval(601) : start
        }

        XCTAssertThrowsError(try listener.waitForToken(timeLimit: 0.05, now: clock)) { error in
            XCTAssertEqual((error as? SyncError)?.exitCode, 75)
        }
    }

    /// Found in review: a connection that sends nothing (a browser's preconnect) held the one-request
    /// listener until the sign-in's time limit. Now it is dropped after a few seconds.
    func testAnIdleConnectionDoesNotKeepTheRealCallbackOut() throws {
        let listener = try CallbackListener(port: 0, page: Self.page)
        let idle = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(idle) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(listener.port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(idle, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        XCTAssertEqual(connected, 0)
        let token = harness.server.signIn(FakeCloudKit.owner)
        let browser = Thread {
            let target = listener.callbackURL + "?ckSession=" + PercentEncoding.encode(token)
            _ = try? self.harness.transport.send(HTTPRequest(method: .get, url: target, headers: [], body: nil))
        }
        browser.start()
        XCTAssertEqual(try listener.waitForToken(timeLimit: 30).secret, token)
    }

    func testACallbackPortAnotherProgramHoldsIsSaidWithThePortAndTheSystemsReason() throws {
        let holder = try CallbackListener(port: 0, page: Self.page)
        XCTAssertThrowsError(try CallbackListener(port: holder.port, page: Self.page)) { error in
            XCTAssertEqual(
                (error as? SyncError)?.description,
                "Cannot listen for the sign-in on 127.0.0.1 port \"\(holder.port)\" (Address already in use); stop "
                    + "what uses that port, or use `aemtli sync login --paste`.")
        }
    }

    func testAPastedAddressOrBareTokenIsAccepted() throws {
        let address = "http://127.0.0.1:8731/aemtli/callback?foo=1&ckWebAuthToken=ab%2Bcd%2Fef%3D%3D"
        XCTAssertEqual(try TokenParameters.pasted(address).secret, "ab+cd/ef==")
        XCTAssertEqual(try TokenParameters.pasted("  https://x.example/#ckSession=zz%2B1\n").secret, "zz+1")
        XCTAssertEqual(try TokenParameters.pasted("ab+cd/ef==\n").secret, "ab+cd/ef==")
        XCTAssertThrowsError(try TokenParameters.pasted("http://127.0.0.1:8731/aemtli/callback?other=1"))
        XCTAssertThrowsError(try TokenParameters.pasted("two words"))
    }

    func testAWrongAPITokenAtSignInIsAConfigurationError() throws {
        XCTAssertThrowsError(try flow(apiToken: "wrong").signInAddress()) { error in
            XCTAssertEqual((error as? SyncError)?.exitCode, 78, "\(error)")
        }
    }

    func testCheckConfirmsTheSessionAndKeepsTheRotatedToken() throws {
        try harness.signIn()

        let identity = try flow().check()

        XCTAssertEqual(identity.userRecordName, FakeCloudKit.owner)
        XCTAssertEqual(try harness.sessionStore.load()?.token.secret, harness.server.issuedTokens.last)
    }

    func testAMissingAPITokenIsExit78WithTheCloudKitConsoleSteps() {
        XCTAssertThrowsError(try SyncConfiguration(apiToken: nil).checked()) { error in
            let error = error as? SyncError
            XCTAssertEqual(error?.exitCode, 78)
            XCTAssertTrue(error?.description.contains("CloudKit Console") ?? false)
            XCTAssertTrue(error?.description.contains("http://127.0.0.1:8731/aemtli/callback") ?? false)
            XCTAssertTrue(error?.description.contains("AEMTLI_CLOUDKIT_API_TOKEN") ?? false)
        }
    }

    func testTheSessionFolderFollowsXDGStateHomeElseHome() {
        XCTAssertEqual(SessionStore.defaultFolder(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]), "/s/aemtli")
        XCTAssertEqual(
            SessionStore.defaultFolder(environment: ["XDG_STATE_HOME": "relative", "HOME": "/h"]),
            "/h/.local/state/aemtli")
        XCTAssertNil(SessionStore.defaultFolder(environment: [:]))
    }
}

/// The body the browser got from the callback, handed from its thread to the test's.
private final class BrowserPage: @unchecked Sendable {
    private let arrived = DispatchSemaphore(value: 0)
    private var body: [UInt8]?

    func set(_ body: [UInt8]?) {
        self.body = body
        arrived.signal()
    }

    func wait() -> [UInt8]? {
        _ = arrived.wait(timeout: .now() + 10)
        return body
    }
}
