import AemtliCore
import CloudKitTestServer
import CloudKitWeb
import Files
import Foundation
import JSON
import XCTest

@testable import AemtliSync

/// One test's world: a temporary folder (store and session folder), our CloudKit test server with
/// a small family, a test clock, and engines wired to them through the real URLSession transport
/// (or, with `AEMTLI_TEST_TRANSPORT=child`, a child `aemtli` for each request, as serve sends them
/// on Linux: the whole sync suite can run through it, and does in `.ci/run`).
final class SyncHarness {
    let folder: String
    let server = FakeCloudKit()
    let clock = TestClock()
    let transport: CloudKitTransport = SyncHarness.transportUnderTest()
    var hooks = SyncHooks()
    var compaction = Compactor.Policy()
    /// The file system the engines use: the machine's, or one a test wraps to count or fail calls.
    var files = FileIO.local
    var progress: [SyncProgress] = []

    /// Whether every request goes through a child `aemtli` (`AEMTLI_TEST_TRANSPORT=child`).
    static let throughChildren = ProcessInfo.processInfo.environment["AEMTLI_TEST_TRANSPORT"] == "child"

    private static func transportUnderTest() -> CloudKitTransport {
        guard throughChildren else { return URLSessionTransport() }
        guard let binary = try? AemtliProcess.binary() else {
            preconditionFailure("AEMTLI_TEST_TRANSPORT=child needs a debug build of aemtli")
        }
        return ChildProcessTransport(executable: binary.path, name: "aemtli")
    }

    init() {
        folder = NSTemporaryDirectory() + "aemtli-sync-" + UUID().uuidString
    }

    /// Makes the folder and starts the server; `tearDown()` undoes both.
    func start() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try server.start()
    }

    func tearDown() {
        server.stop()
        try? FileManager.default.removeItem(atPath: folder)
    }

    var store: String { folder + "/store" }
    var stateFolder: String { folder + "/state/aemtli" }
    var layout: StoreLayout { StoreLayout(store: store) }

    func configuration(database: SyncConfiguration.DatabaseChoice = .auto) throws -> CheckedConfiguration {
        try SyncConfiguration(
            container: FakeCloudKit.container, environment: .development, apiToken: FakeCloudKit.apiToken,
            database: database, endpoint: server.endpoint, callbackPort: 0 + 8731
        ).checked()
    }

    var sessionStore: SessionStore {
        SessionStore(folder: stateFolder, container: FakeCloudKit.container, environment: .development)
    }

    /// A saved session for `user`, as `sync login` would leave it.
    func signIn(_ user: String = FakeCloudKit.owner) throws {
        let token = try XCTUnwrap(WebAuthToken(server.signIn(user)))
        let database: CloudKitDatabase = user == FakeCloudKit.owner ? .private : .shared
        try sessionStore.save(Session(token: token, userRecordName: user, signedInAt: clock.now, database: database))
    }

    /// The family: a parent, two children, and `chores` chores (alternately assigned).
    func seedFamily(chores: Int = 5) {
        server.seedFamily(chores: chores)
    }

    func engine(database: SyncConfiguration.DatabaseChoice = .auto) throws -> SyncEngine {
        let engine = SyncEngine(
            configuration: try configuration(database: database), transport: transport, sessionStore: sessionStore,
            store: store,
            time: FamilyTime(timeZone: TimeZone(identifier: "Europe/Zurich") ?? .current, around: clock.now),
            clock: clock.syncClock, files: files, progress: { [unowned self] in self.progress.append($0) })
        engine.hooks = hooks
        engine.compaction = compaction
        return engine
    }

    @discardableResult
    func sync(full: Bool = false) throws -> SyncReport {
        try engine().run(full: full)
    }

    /// The SyncError a run ends with (fails the test when it succeeds).
    func syncFailure(full: Bool = false, file: StaticString = #filePath, line: UInt = #line) -> SyncError? {
        do {
            try sync(full: full)
            XCTFail("the sync succeeded", file: file, line: line)
        } catch let error as SyncError {
            return error
        } catch {
            XCTFail("unexpected error \(error)", file: file, line: line)
        }
        return nil
    }
}
