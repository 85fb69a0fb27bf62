import CloudKitTestServer
import CloudKitWeb
import Files
import Foundation
import XCTest

@testable import AemtliSync

/// The token stays in the 0600 session file: not in the store, the status, the journal, a
/// message or an error; and one sync per store at a time.
final class SyncSecretTests: XCTestCase {
    private let harness = SyncHarness()

    override func setUpWithError() throws {
        try harness.start()
        harness.seedFamily(chores: 3)
        try harness.signIn()
    }

    override func tearDown() {
        harness.tearDown()
    }

    /// Every file below the temporary folder that holds any token the server ever issued, in
    /// any spelling a request uses.
    private func filesHoldingAToken() -> [String] {
        let spellings = harness.server.issuedTokens.flatMap { [$0, PercentEncoding.encode($0)] }
        var holders: [String] = []
        for case let name as String in FileManager.default.enumerator(atPath: harness.folder)?.allObjects ?? [] {
            guard let text = try? String(contentsOfFile: harness.folder + "/" + name, encoding: .utf8) else { continue }
            if spellings.contains(where: { text.contains($0) }) { holders.append(name) }
        }
        return holders
    }

    func testTheTokenIsInNoFileButTheSessionFileAndInNoMessage() throws {
        try harness.sync()
        harness.server.inject(FakeFault(.status(409, code: "CONFLICT"), on: "changes/database"))
        let conflict = try XCTUnwrap(harness.syncFailure())
        harness.server.inject(FakeFault(.expireSessions, on: "changes/database"))
        let expired = try XCTUnwrap(harness.syncFailure())

        XCTAssertEqual(filesHoldingAToken(), ["state/aemtli/session-\(FakeCloudKit.container)-development"])
        let spellings = harness.server.issuedTokens.flatMap { [$0, PercentEncoding.encode($0)] }
        let texts = [
            conflict.description, expired.description, "\(conflict)", "\(try harness.sessionStore.load() as Any)",
        ]
        for text in texts {
            XCTAssertFalse(spellings.contains { text.contains($0) }, text)
        }
    }

    func testTheSessionFileIs0600InA0700FolderAndHoldsTheLatestRotatedToken() throws {
        try harness.sync()

        let file = try FileManager.default.attributesOfItem(atPath: harness.sessionStore.path)
        let folder = try FileManager.default.attributesOfItem(atPath: harness.stateFolder)
        XCTAssertEqual((file[.posixPermissions] as? NSNumber)?.intValue, 0o600)
        XCTAssertEqual((folder[.posixPermissions] as? NSNumber)?.intValue, 0o700)
        let saved = try XCTUnwrap(harness.sessionStore.load())
        XCTAssertEqual(saved.token.secret, harness.server.issuedTokens.last)
    }

    func testAnExistingSessionFolderOthersCouldReadIsMadeTheUsersAlone() throws {
        try FileManager.default.createDirectory(
            atPath: harness.stateFolder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        try harness.signIn()
        let folder = try FileManager.default.attributesOfItem(atPath: harness.stateFolder)
        XCTAssertEqual((folder[.posixPermissions] as? NSNumber)?.intValue, 0o700)
    }

    func testARotatedTokenFromAnErrorAnswerIsKeptBeforeTheNextRequest() throws {
        harness.server.inject(FakeFault(.status(503, code: "TRY_AGAIN_LATER", retryAfterBody: 1), on: "changes/zone"))

        try harness.sync()

        let tokens = harness.server.requests.compactMap(\.webAuthToken)
        XCTAssertEqual(Set(tokens).count, tokens.count, "every request used the token of the answer before")
    }

    func testASessionFileOthersCanReadIsRefusedWithHowToFixIt() throws {
        chmod(harness.sessionStore.path, 0o644)

        let error = try XCTUnwrap(harness.syncFailure())

        XCTAssertEqual(error.exitCode, 78)
        XCTAssertTrue(error.description.contains("chmod 600 \(harness.sessionStore.path)"), error.description)
        XCTAssertEqual(harness.server.requests.count, 0)
    }

    func testNobodySignedInEndsWith77AndTheStatusSaysSignIn() throws {
        try harness.sessionStore.remove()

        let error = try XCTUnwrap(harness.syncFailure())

        XCTAssertEqual(error.exitCode, 77)
        XCTAssertEqual(SyncStatus.read(store: harness.store)?.result, .signIn)
    }

    func testASecondSyncOnTheSameStoreFailsAtOnceWith75() throws {
        try FileManager.default.createDirectory(atPath: harness.layout.cloudkit, withIntermediateDirectories: true)
        let held = try XCTUnwrap(try FileLock.take(harness.layout.lock), "another sync holds the store")
        defer { held.release() }

        let error = try XCTUnwrap(harness.syncFailure())

        XCTAssertEqual(error.exitCode, 75)
        XCTAssertEqual(error.reason, .locked(path: harness.layout.lock))
        XCTAssertEqual(harness.server.requests.count, 0)
    }

    func testTheStatusFileRecordsEveryRunWithTheLastSuccessAndTheSessionsExpectedEnd() throws {
        let signedIn = harness.clock.now
        try harness.sync()
        XCTAssertNil(
            try XCTUnwrap(SyncStatus.read(store: harness.store)).sessionExpectedEnd,
            "a sync at sign-in cannot tell whether 'Keep me signed in' was ticked")
        harness.clock.now = harness.clock.now.addingTimeInterval(31 * 60)
        try harness.sync()
        let good = try XCTUnwrap(SyncStatus.read(store: harness.store))
        harness.clock.now = harness.clock.now.addingTimeInterval(900)
        harness.server.inject(FakeFault(.expireSessions, on: "changes/database"))
        _ = harness.syncFailure()

        let failed = try XCTUnwrap(SyncStatus.read(store: harness.store))
        XCTAssertEqual(good.result, .ok)
        XCTAssertEqual(failed.result, .signIn)
        XCTAssertEqual(failed.ranAt, harness.clock.now)
        XCTAssertEqual(failed.lastSuccess, signedIn.addingTimeInterval(31 * 60))
        XCTAssertEqual(good.sessionExpectedEnd, signedIn.addingTimeInterval(14 * 86_400))
        XCTAssertEqual(failed.sessionExpectedEnd, signedIn.addingTimeInterval(14 * 86_400))
        XCTAssertEqual(failed.message, SyncResult.signIn.familySentence)
        XCTAssertTrue(failed.detail?.contains("aemtli sync login") ?? false)
    }
}
