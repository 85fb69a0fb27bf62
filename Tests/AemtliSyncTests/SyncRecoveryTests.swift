import CloudKitTestServer
import CloudKitWeb
import Files
import Foundation
import XCTest

@testable import AemtliSync

/// Stale tokens, deleted zones, and runs killed between a page and its state.
final class SyncRecoveryTests: XCTestCase {
    private let harness = SyncHarness()

    override func setUpWithError() throws {
        try harness.start()
        harness.seedFamily(chores: 8)
        harness.server.pageSize = 4
        try harness.signIn()
    }

    override func tearDown() {
        harness.tearDown()
    }

    private func generations() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: harness.layout.cloudkit)) ?? []).filter {
            $0.hasPrefix("g")
        }.sorted()
    }

    func testAStaleSyncTokenLeadsToOneFullFetchIntoANewGeneration() throws {
        try harness.sync()
        XCTAssertEqual(generations(), ["g000001"])
        harness.server.save([ServerRecords.chore("c00003", title: "Changed", assignedTo: "m2")])
        harness.server.inject(FakeFault(.staleToken, on: "changes/zone"))

        let report = try harness.sync()

        XCTAssertTrue(report.fullFetch)
        XCTAssertEqual(generations(), ["g000002"])
        try harness.assertStoreMatchesServer()
    }

    func testAStaleTokenAgainDuringTheFullFetchEndsWith76() throws {
        try harness.sync()
        harness.server.save([ServerRecords.chore("c00003", title: "Changed", assignedTo: "m2")])
        harness.server.inject(FakeFault(.staleToken, on: "changes/zone"))
        harness.server.inject(FakeFault(.staleToken, on: "changes/zone"))

        let error = try XCTUnwrap(harness.syncFailure())

        XCTAssertEqual(error.exitCode, 76)
        try harness.sync()
        try harness.assertStoreMatchesServer()
    }

    func testAnHTTP400OnARequestWithATokenAlsoLeadsToAFullFetch() throws {
        try harness.sync()
        harness.server.save([ServerRecords.chore("c00003", title: "Changed", assignedTo: "m2")])
        harness.server.inject(FakeFault(.status(400, code: "BAD_REQUEST"), on: "changes/zone"))

        let report = try harness.sync()

        XCTAssertTrue(report.fullFetch)
        try harness.assertStoreMatchesServer()
    }

    func testAZoneDeletedAfterSyncingEmptiesTheMirrorKeepsTheJournalAndExitsZero() throws {
        try harness.sync()
        harness.server.save([ServerRecords.chore("c00000", title: "Chore 0", assignedTo: "m2", isDone: true)])
        try harness.sync()
        let journal = harness.journalLines()
        XCTAssertFalse(journal.isEmpty)
        harness.server.deleteZone()

        let report = try harness.sync()

        XCTAssertEqual(report.warnings.count, 1)
        XCTAssertTrue(report.warnings[0].contains("MainZone"))
        XCTAssertEqual(generations(), [])
        XCTAssertEqual(try harness.storeFamily().family.chores, [])
        XCTAssertEqual(Array(harness.journalLines().prefix(journal.count)), journal)

        harness.server.recreateZone()
        harness.seedFamily(chores: 2)
        try harness.sync()
        try harness.assertStoreMatchesServer()
    }

    func testAZoneMissingOnTheFirstSyncIsAConfigurationErrorThatChangesOnlyTheStatus() throws {
        harness.server.deleteZone()

        let error = try XCTUnwrap(harness.syncFailure())

        XCTAssertEqual(error.exitCode, 78)
        XCTAssertTrue(error.description.contains("\"MainZone\""), error.description)
        let files = (try? FileManager.default.contentsOfDirectory(atPath: harness.layout.cloudkit)) ?? []
        XCTAssertEqual(files.filter { !$0.hasPrefix(".") }.sorted(), ["status"])
        XCTAssertEqual(SyncStatus.read(store: harness.store)?.result, .configuration)
    }

    func testASyncKilledBetweenAPageAndItsStateConvergesOnTheNextRun() throws {
        try harness.sync()
        harness.server.save((0..<10).map { ServerRecords.chore("n\($0)", title: "New \($0)", assignedTo: "m3") })
        harness.server.delete(["c00004"])
        let states = Counter()
        harness.hooks.beforeWriting = { kind in
            if kind == .state, states.next() == 2 {
                throw SyncError(.cannotWrite(path: "sync.state", detail: "killed"))
            }
        }
        XCTAssertNotNil(harness.syncFailure())
        XCTAssertNoThrow(try harness.storeFamily())
        harness.hooks = SyncHooks()

        try harness.sync()

        try harness.assertStoreMatchesServer()
        let pages = try FileManager.default.contentsOfDirectory(atPath: harness.layout.generation(1)).sorted()
        XCTAssertEqual(pages, (1...6).map { StoreLayout.pageName($0) })
    }

    func testAFirstSyncKilledHalfwayResumesItsGeneration() throws {
        let pages = Counter()
        harness.hooks.beforeWriting = { kind in
            if kind == .page, pages.next() == 2 { throw SyncError(.cannotWrite(path: "page", detail: "killed")) }
        }
        XCTAssertNotNil(harness.syncFailure())
        harness.hooks = SyncHooks()
        let before = harness.server.requests.count

        try harness.sync()

        let zoneTokens = harness.server.requests.dropFirst(before).filter { $0.operation == "changes/zone" }.map {
            $0.zoneEntry?["syncToken"]
        }
        XCTAssertNotNil(zoneTokens.first ?? nil, "the second run carries on from the first page's token")
        XCTAssertEqual(generations(), ["g000001"])
        try harness.assertStoreMatchesServer()
    }

    func testAFullFetchReplacesTheOldGenerationOnlyWhenComplete() throws {
        try harness.sync()
        let pages = Counter()
        harness.hooks.beforeWriting = { kind in
            if kind == .page, pages.next() == 2 { throw SyncError(.cannotWrite(path: "page", detail: "killed")) }
        }
        XCTAssertNotNil(harness.syncFailure(full: true))
        XCTAssertEqual(generations(), ["g000001", "g000002"])
        try harness.assertStoreMatchesServer()
        harness.hooks = SyncHooks()

        try harness.sync(full: true)

        XCTAssertEqual(generations(), ["g000003"])
        try harness.assertStoreMatchesServer()
    }

    /// A disk that fills up while the second page is written (through the file seam, as the system
    /// would say it): the run fails naming that page and the system's reason, keeps the first page
    /// and its state, and the next run on a disk with room carries on to the same store.
    func testADiskThatFillsUpWhileAPageIsWrittenFailsNamingThePageAndTheNextRunConverges() throws {
        let pageWrites = Counter()
        var files = FileIO.local
        let write = files.writeFile
        files.writeFile = { bytes, path, mode in
            if path.contains("/g000001/p"), pageWrites.next() == 2 { throw POSIXError(.ENOSPC) }
            try write(bytes, path, mode)
        }
        harness.files = files

        let error = try XCTUnwrap(harness.syncFailure())

        XCTAssertEqual(
            error.description.contains("\"\(harness.layout.page(2, generation: 1))\""), true, error.description)
        XCTAssertTrue(error.description.contains("No space left on device"), error.description)
        XCTAssertEqual(try SyncState.load(from: harness.layout.state)?.lastPage, 1)
        XCTAssertEqual(SyncStatus.read(store: harness.store)?.result, error.result)
        let left = try FileManager.default.contentsOfDirectory(atPath: harness.layout.generation(1))
        XCTAssertEqual(left, [StoreLayout.pageName(1)], "no temporary file is left to hold the space")

        harness.files = .local
        try harness.sync()

        try harness.assertStoreMatchesServer()
    }
}

/// Counts calls from hooks that run on the sync's thread.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
}
