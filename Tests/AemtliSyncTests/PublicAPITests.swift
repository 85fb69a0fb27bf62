import AemtliCore
import AemtliSync
import CloudKitTestServer
import CloudKitWeb
import Foundation
import XCTest

/// What the CLI does, through the public API only (no `@testable` in this file): sign in with a
/// pasted address, sync, read the status, sign out.
final class PublicAPITests: XCTestCase {
    private let harness = SyncHarness()

    override func setUpWithError() throws {
        try harness.start()
        harness.seedFamily(chores: 3)
    }

    override func tearDown() {
        harness.tearDown()
    }

    func testTheCommandsCanBeWrittenInAFewLinesEach() throws {
        let environment = [
            "XDG_STATE_HOME": harness.folder + "/xdg", "AEMTLI_CLOUDKIT_API_TOKEN": FakeCloudKit.apiToken,
        ]
        let settings = SyncConfiguration(
            container: FakeCloudKit.container, environment: .development,
            apiToken: environment[SyncConfiguration.apiTokenVariable], endpoint: harness.server.endpoint)
        let configuration = try settings.checked()
        let folder = try XCTUnwrap(SessionStore.defaultFolder(environment: environment))
        let sessions = SessionStore(folder: folder, container: settings.container, environment: settings.environment)
        let transport = URLSessionTransport()
        let clock = SyncClock(now: { Date(timeIntervalSince1970: 1_749_100_000) }, sleep: { _ in }, random: { 0.5 })

        // aemtli sync login --paste
        let login = LoginFlow(configuration: configuration, transport: transport, sessionStore: sessions, clock: clock)
        XCTAssertFalse(try login.signInAddress().isEmpty)
        let pasted =
            "http://127.0.0.1:8731/aemtli/callback?ckSession="
            + PercentEncoding.encode(harness.server.signIn(FakeCloudKit.owner))
        let signedIn = try login.complete(with: TokenParameters.pasted(pasted))
        XCTAssertEqual(signedIn.database, .private)

        // aemtli sync
        let time = FamilyTime(timeZone: TimeZone(identifier: "Europe/Zurich") ?? .current, around: clock.now())
        let engine = SyncEngine(
            configuration: configuration, transport: transport, sessionStore: sessions, store: harness.store,
            time: time, clock: clock)
        let report = try engine.run(full: false)
        XCTAssertEqual(report.records, 6)

        // aemtli sync status [--check]
        let overview = try SyncOverview.read(store: harness.store, sessionStore: sessions)
        XCTAssertEqual(overview.recordsHeld, 6)
        XCTAssertEqual(overview.exitCode(now: clock.now(), staleAfterMinutes: 120), 0)
        XCTAssertEqual(try login.check().userRecordName, FakeCloudKit.owner)

        // aemtli sync logout
        XCTAssertTrue(try sessions.remove())
        XCTAssertThrowsError(try engine.run()) { error in
            XCTAssertEqual((error as? SyncError)?.exitCode, 77)
        }
        XCTAssertEqual(SyncStatus.read(store: harness.store)?.result, .signIn)
    }
}
