import Files
import Foundation
import XCTest

/// The one lock helper: a hold excludes a second holder (in this process and in another one), a
/// waiting holder gets it when the first lets go, and a holder's content is read by others.
final class FileLockTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "aemtli-lock-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    func testAHeldLockExcludesASecondHolderUntilItIsReleased() throws {
        let path = folder + "/lock"
        XCTAssertFalse(FileLock.isHeld(path), "no file yet")
        let first = try XCTUnwrap(try FileLock.take(path))
        XCTAssertTrue(FileLock.isHeld(path))
        XCTAssertNil(try FileLock.take(path), "a second holder in the same process")

        first.release()

        XCTAssertFalse(FileLock.isHeld(path))
        let second = try XCTUnwrap(try FileLock.take(path))
        second.release()
    }

    func testAHeldLockExcludesAnotherProcess() throws {
        let tool = "/usr/bin/flock"
        guard FileIO.isExecutable(tool) else { throw XCTSkip("no \(tool) on this system (util-linux)") }
        let path = folder + "/lock"
        func otherProcessGetsIt() throws -> Bool {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: tool)
            process.arguments = ["--nonblock", path, "true"]
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus == 0
        }
        let lock = try XCTUnwrap(try FileLock.take(path))
        XCTAssertFalse(try otherProcessGetsIt())
        lock.release()
        XCTAssertTrue(try otherProcessGetsIt())
    }

    func testAWaitingHolderGetsTheLockOnceTheFirstLetsGo() throws {
        let path = folder + "/lock"
        let first = try XCTUnwrap(try FileLock.take(path))
        let order = Order()
        let done = expectation(description: "the second holder has the lock")
        Thread.detachNewThread {
            let second = try? FileLock.takeWaiting(path)
            order.note(second == nil ? "second failed" : "second holds")
            second?.release()
            done.fulfill()
        }
        Thread.sleep(forTimeInterval: 0.3)
        order.note("first lets go")
        first.release()

        wait(for: [done], timeout: 10)
        XCTAssertEqual(order.events, ["first lets go", "second holds"], "the second holder waited for the first")
    }

    func testTheHoldersContentIsReplacedInPlaceUnderTheLock() throws {
        let path = folder + "/mark"
        let lock = try XCTUnwrap(try FileLock.take(path))
        try lock.replaceContent(Array("a longer first content\n".utf8))
        try lock.replaceContent(Array("short\n".utf8))

        XCTAssertEqual(try FileIO.local.readBytes(path), Array("short\n".utf8))
        XCTAssertTrue(FileLock.isHeld(path), "the lock is on the same file")
        lock.release()
    }
}

/// What happened, in order, from two threads.
private final class Order: @unchecked Sendable {
    private let lock = NSLock()
    private var noted: [String] = []

    func note(_ event: String) {
        lock.lock()
        defer { lock.unlock() }
        noted.append(event)
    }

    var events: [String] {
        lock.lock()
        defer { lock.unlock() }
        return noted
    }
}
