import AemtliCLI
import AemtliCore
import AemtliSync
import CloudKitTestServer
import CloudKitWeb
import Foundation
import XCTest

/// `aemtli sync …` as a family runs it, in-process, against our CloudKit test server: what it
/// prints, the exit codes of SPEC §8.4, and a store whose agenda is the server's.
final class SyncCommandTests: XCTestCase {
    private let harness = SyncHarness()

    override func setUpWithError() throws {
        try harness.start()
        harness.seedFamily(chores: 5)
    }

    override func tearDown() {
        harness.tearDown()
    }

    func testAParentSignsInSyncsAndTheAgendaIsTheServersAgenda() throws {
        let login = harness.loginByPaste(as: FakeCloudKit.owner)
        XCTAssertEqual(login.exitCode, .success, login.stderr)
        // Signed in at 2026-03-25 10:00 +01:00: 30 minutes on is 10:30; two weeks on is 8 April,
        // 11:00 in summer time. aemtli cannot see whether "Keep me signed in" was ticked.
        XCTAssertTrue(
            login.stdout.hasSuffix(
                "Signed in as Test (\(FakeCloudKit.owner)); aemtli reads the family's records you own (private database). The session may end at 10:30, unless 'Keep me signed in' was ticked: then about Wednesday, 8 April 2026, 11:00. Next: 'aemtli sync'.\n"
            ), login.stdout)
        let sync = harness.aemtli(["sync"] + harness.serverFlags)
        XCTAssertEqual(sync.exitCode, .success, sync.stderr)
        XCTAssertEqual(sync.stdout, "Synced store: every record fetched, 1 page, 8 records.\n")
        let stored = try harness.agenda(of: "store")
        XCTAssertEqual(stored.exitCode, .success, stored.stderr)
        XCTAssertFalse(stored.stdout.isEmpty)
        XCTAssertEqual(stored.stdout, try harness.agenda(of: nil).stdout)
        XCTAssertEqual(stored.stderr, "", "a synced store reads without a warning")
    }

    func testChangesAndDeletionsArriveAndNothingChangedIsOneRequest() throws {
        _ = harness.loginByPaste(as: FakeCloudKit.owner)
        _ = harness.aemtli(["sync"] + harness.serverFlags)
        harness.server.save([ServerRecords.chore("c00001", title: "Abwaschen", assignedTo: "m2", isDone: true)])
        harness.server.delete(["c00002"])
        let second = harness.aemtli(["sync"] + harness.serverFlags)
        XCTAssertEqual(second.exitCode, .success, second.stderr)
        XCTAssertEqual(
            second.stdout, "Synced store: changes fetched, 1 page, 2 records, 1 tick added to the history.\n")
        XCTAssertEqual(try harness.agenda(of: "store").stdout, try harness.agenda(of: nil).stdout)
        let before = harness.server.requests.count
        let third = harness.aemtli(["sync"] + harness.serverFlags)
        XCTAssertEqual(third.stdout, "Synced store: nothing changed since the last sync.\n")
        XCTAssertEqual(harness.server.requests.count - before, 1, "one changes/database request")
    }

    func testQuietSyncPrintsNothingWhenAllIsWell() throws {
        _ = harness.loginByPaste(as: FakeCloudKit.owner)
        let sync = harness.aemtli(["sync", "--quiet"] + harness.serverFlags)
        XCTAssertEqual(sync.exitCode, .success, sync.stderr)
        // A timer mails whatever a job prints; a sync that went well is not news.
        XCTAssertEqual(sync.stdout, "")
        XCTAssertEqual(sync.stderr, "")
        XCTAssertEqual(try harness.agenda(of: "store").stdout, try harness.agenda(of: nil).stdout)
    }

    func testAMistypedStoreBesideTheFamilysStoreIsRefusedAndNothingIsSynced() throws {
        _ = harness.loginByPaste(as: FakeCloudKit.owner)
        XCTAssertEqual(harness.aemtli(["sync"] + harness.serverFlags).exitCode, .success)
        let before = harness.server.requests.count
        let typo = harness.aemtli(["sync", "--store", "stor"] + harness.serverFlags)
        XCTAssertEqual(typo.exitCode, .usage)
        XCTAssertTrue(
            typo.stderr.hasPrefix(
                #"aemtli: error: the store "stor" does not exist but "store" does, so aemtli stopped before starting a second one; pass --store store (or fix "store" in aemtli.json), or move "store" away first to start a new store."#
            ), typo.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: harness.folder + "/stor"))
        XCTAssertEqual(harness.server.requests.count, before, "nothing asked of CloudKit")
        // The same typo in aemtli.json.
        try Data(#"{"store": "famly"}"#.utf8).write(to: URL(fileURLWithPath: harness.folder + "/aemtli.json"))
        let configured = harness.aemtli(["sync"] + harness.serverFlags)
        XCTAssertEqual(configured.exitCode, .usage)
        XCTAssertTrue(
            configured.stderr.contains(#"the store "famly" does not exist but "store" does"#), configured.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: harness.folder + "/famly"))
    }

    func testAFirstSyncCreatesTheStoreTheConfigurationNames() throws {
        try Data(#"{"store": "family"}"#.utf8).write(to: URL(fileURLWithPath: harness.folder + "/aemtli.json"))
        _ = harness.loginByPaste(as: FakeCloudKit.owner)
        let sync = harness.aemtli(["sync"] + harness.serverFlags)
        XCTAssertEqual(sync.exitCode, .success, sync.stderr)
        XCTAssertEqual(sync.stdout, "Synced family: every record fetched, 1 page, 8 records.\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: harness.folder + "/store"))
        // The other commands read the configured store too, with no --store and no demo notice.
        let agenda = harness.aemtli(["agenda", "--format", "tsv"] + harness.serverFlags.suffix(4))
        XCTAssertEqual(agenda.exitCode, .success, agenda.stderr)
        XCTAssertEqual(agenda.stderr, "")
        XCTAssertEqual(
            agenda.stdout,
            harness.aemtli(["agenda", "--format", "tsv", "--store", "family"] + harness.serverFlags.suffix(4)).stdout)
        // A --store that is not there, beside the configured one, is the same typo.
        let typo = harness.aemtli(["sync", "--store", "store"] + harness.serverFlags)
        XCTAssertEqual(typo.exitCode, .usage)
        XCTAssertTrue(typo.stderr.contains(#"but "family" does"#), typo.stderr)
    }

    func testAWrongPasteIsAskedForAgainWithoutTheUsageLine() throws {
        let good = harness.server.pastedAddress(signingIn: FakeCloudKit.owner)
        let login = harness.aemtli(
            ["sync", "login", "--paste"] + harness.serverFlags,
            pastes: ["http://127.0.0.1:8731/aemtli/callback?", good])
        XCTAssertEqual(login.exitCode, .success, login.stderr)
        XCTAssertEqual(
            login.stderr,
            #"The pasted text holds no token; paste the whole address the browser ended on (with "ckWebAuthToken=" or "ckSession=") or the bare token. Paste it again (try 2 of 3):"#
                + "\n")
        XCTAssertTrue(login.stdout.contains("Signed in as Test"), login.stdout)
        // Three wrong pastes end it (exit 64), and so does the end of input, at once.
        let wrong = harness.aemtli(
            ["sync", "login", "--paste"] + harness.serverFlags, pastes: ["a b", "c d", "e f", good])
        XCTAssertEqual(wrong.exitCode, .usage)
        XCTAssertEqual(wrong.stderr.components(separatedBy: "Paste it again").count - 1, 2, wrong.stderr)
        XCTAssertFalse(wrong.stderr.contains("USAGE"), wrong.stderr)
        let ended = harness.aemtli(["sync", "login", "--paste"] + harness.serverFlags, pastes: [])
        XCTAssertEqual(ended.exitCode, .usage)
        XCTAssertFalse(ended.stderr.contains("Paste it again"), ended.stderr)
    }

    func testAnAppleIDWithNoFamilyIsToldSoAtSignInAndNothingIsSaved() throws {
        let login = harness.loginByPaste(as: "_stranger0003")
        XCTAssertEqual(login.exitCode, .configuration)
        XCTAssertTrue(
            login.stderr.hasSuffix(
                #"aemtli: error: This Apple ID has no family in the chore app: no zone "MainZone" of its own and none shared with it (environment "development"); sign in with the Apple ID that uses the app, or accept the family's invitation in the app first. Nothing was saved."#
                    + "\n"), login.stderr)
        XCTAssertFalse(login.stdout.contains("Signed in"), login.stdout)
        let status = harness.aemtli(["sync", "status"] + harness.serverFlags)
        XCTAssertEqual(status.exitCode, .noPermission, status.stdout + status.stderr)
    }

    func testAMemberSyncsTheSharedDatabase() throws {
        let login = harness.loginByPaste(as: FakeCloudKit.member)
        XCTAssertEqual(login.exitCode, .success, login.stderr)
        XCTAssertTrue(login.stdout.contains("aemtli reads the family shared with you (shared database)"), login.stdout)
        XCTAssertEqual(harness.aemtli(["sync"] + harness.serverFlags).exitCode, .success)
        XCTAssertEqual(try harness.agenda(of: "store").stdout, try harness.agenda(of: nil).stdout)
    }

    func testWithoutASessionSyncExits77AndSaysHowToSignIn() throws {
        let run = harness.aemtli(["sync"] + harness.serverFlags)
        XCTAssertEqual(run.exitCode, .noPermission)
        XCTAssertTrue(run.stderr.hasPrefix("aemtli: error: ") && run.stderr.contains("aemtli sync login"), run.stderr)
    }

    func testWithoutAnAPITokenSyncExits78WithTheStepsToMakeOne() throws {
        let run = harness.aemtli(["sync"] + harness.serverFlags, apiToken: nil)
        XCTAssertEqual(run.exitCode, .configuration)
        XCTAssertTrue(run.stderr.contains("CloudKit Console"), run.stderr)
        XCTAssertTrue(run.stderr.contains("http://127.0.0.1:8731/aemtli/callback"), run.stderr)
        XCTAssertEqual(harness.server.requests.count, 0, "nothing is sent without a token")
        // Every run records its outcome, this one too (found in review).
        let status = try String(contentsOfFile: harness.folder + "/store/cloudkit/status", encoding: .utf8)
        XCTAssertTrue(status.contains("\"result\": \"configuration\""), status)
        XCTAssertEqual(
            harness.aemtli(["sync", "status"] + harness.serverFlags, apiToken: nil).exitCode, .noPermission,
            "nobody signed in comes first")
    }

    func testAnEndedSessionExits77AndStatusSaysSoForMonitoring() throws {
        _ = harness.loginByPaste(as: FakeCloudKit.owner)
        XCTAssertEqual(harness.aemtli(["sync"] + harness.serverFlags).exitCode, .success)
        let fresh = harness.aemtli(["sync", "status"] + harness.serverFlags)
        XCTAssertEqual(fresh.exitCode, .success, fresh.stdout + fresh.stderr)
        XCTAssertTrue(fresh.stdout.contains("Store: store, 8 records held."), fresh.stdout)
        harness.server.inject(FakeFault(.expireSessions))
        let ended = harness.aemtli(["sync"] + harness.serverFlags)
        XCTAssertEqual(ended.exitCode, .noPermission, ended.stderr)
        let status = harness.aemtli(["sync", "status"] + harness.serverFlags)
        XCTAssertEqual(status.exitCode, .noPermission)
        XCTAssertTrue(status.stdout.contains("sign-in"), status.stdout)
        // The first line says so, naming the person; no end "about" a date above it.
        XCTAssertTrue(
            status.stdout.hasPrefix(
                "The session of Test (\(FakeCloudKit.owner)), signed in since Wednesday, 25 March 2026, 10:00, has ended: run 'aemtli sync login' to sign in again.\n"
            ), status.stdout)
        XCTAssertFalse(status.stdout.contains("ends about"), status.stdout)
        XCTAssertFalse(status.stdout.contains("may end"), status.stdout)
    }

    func testStatusGivesBothPossibleEndsUntilASyncSucceedsMoreThan30MinutesAfterSignIn() throws {
        _ = harness.loginByPaste(as: FakeCloudKit.owner)
        let both =
            "Signed in: Test (\(FakeCloudKit.owner)), since Wednesday, 25 March 2026, 10:00; the session may end at 10:30, unless 'Keep me signed in' was ticked: then about Wednesday, 8 April 2026, 11:00.\n"
        let afterLogin = harness.aemtli(["sync", "status"] + harness.serverFlags)
        XCTAssertTrue(afterLogin.stdout.hasPrefix(both), afterLogin.stdout)
        XCTAssertEqual(harness.aemtli(["sync"] + harness.serverFlags).exitCode, .success)
        let early = harness.aemtli(["sync", "status"] + harness.serverFlags)
        XCTAssertTrue(early.stdout.hasPrefix(both), "a sync at sign-in tells nothing: " + early.stdout)
        let later = flags(now: "2026-03-25T10:40:00+01:00")
        XCTAssertEqual(harness.aemtli(["sync"] + later).exitCode, .success)
        let known = harness.aemtli(["sync", "status"] + later)
        XCTAssertTrue(
            known.stdout.hasPrefix(
                "Signed in: Test (\(FakeCloudKit.owner)), since Wednesday, 25 March 2026, 10:00; the session ends about Wednesday, 8 April 2026, 11:00.\n"
            ), known.stdout)
        XCTAssertFalse(known.stdout.contains("10:30"), known.stdout)
    }

    /// The server flags with another `--now`.
    private func flags(now: String) -> [String] {
        var flags = harness.serverFlags
        if let index = flags.firstIndex(of: "--now") { flags[index + 1] = now }
        return flags
    }

    func testTheTokenIsInNoOutputAndNoFileButTheSessionFile() throws {
        let login = harness.loginByPaste(as: FakeCloudKit.owner)
        let sync = harness.aemtli(["sync"] + harness.serverFlags)
        harness.server.inject(FakeFault(.expireSessions))
        let ended = harness.aemtli(["sync"] + harness.serverFlags)
        let status = harness.aemtli(["sync", "status", "--check"] + harness.serverFlags)
        for token in harness.server.issuedTokens {
            for run in [login, sync, ended, status] {
                XCTAssertFalse(run.stdout.contains(token) || run.stderr.contains(token), "a token in the output")
                XCTAssertFalse(
                    run.stdout.contains(token.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? token))
            }
            XCTAssertEqual(harness.files(holding: token), [], "a token outside the session file")
        }
    }

    func testLogoutForgetsTheSessionAndKeepsTheStore() throws {
        _ = harness.loginByPaste(as: FakeCloudKit.owner)
        _ = harness.aemtli(["sync"] + harness.serverFlags)
        XCTAssertEqual(harness.aemtli(["sync", "logout"] + harness.serverFlags).exitCode, .success)
        XCTAssertEqual(harness.aemtli(["sync"] + harness.serverFlags).exitCode, .noPermission)
        XCTAssertEqual(try harness.agenda(of: "store").stdout, try harness.agenda(of: nil).stdout, "the store stays")
        XCTAssertTrue(
            harness.aemtli(["sync", "logout"] + harness.serverFlags).stdout.hasPrefix("Nobody was signed in"))
    }
}
