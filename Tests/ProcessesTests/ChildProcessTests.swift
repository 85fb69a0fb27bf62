import Dispatch
import Foundation
import Processes
import XCTest

/// A child process run to its end: its input in, its output out, its ending told, and never
/// waited on for longer than the caller allows.
final class ChildProcessTests: XCTestCase {
    private func run(
        _ executable: String, _ arguments: [String] = [], input: [UInt8] = [], limit: Int = 1 << 24,
        seconds: Double = 30, until stopped: () -> Bool = { false }
    ) throws -> ChildProcess.Outcome {
        try ChildProcess(executable: executable, name: (executable as NSString).lastPathComponent, arguments: arguments)
            .run(input: input, outputLimit: limit, deadline: .now() + seconds, until: stopped)
    }

    /// `cat` writes while it still reads: four megabytes are more than a socket pair holds, so
    /// a parent that wrote everything before it read would wait for ever.
    func testEveryByteOfALargeInputComesBackThroughAChildThatWritesAsItReads() throws {
        let input = (0..<(4 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let outcome = try run("/bin/cat", input: input)
        XCTAssertEqual(outcome.ending, .exited(0))
        XCTAssertEqual(outcome.output.count, input.count)
        XCTAssertTrue(outcome.output == input)
    }

    func testTheEndingSaysTheExitStatusOrTheSignal() throws {
        XCTAssertEqual(try run("/bin/sh", ["-c", "printf x; exit 3"]).ending, .exited(3))
        XCTAssertEqual(try run("/bin/sh", ["-c", "printf x; exit 3"]).output, Array("x".utf8))
        XCTAssertEqual(try run("/bin/sh", ["-c", "kill -9 $$"]).ending, .signalled(9))
    }

    func testAChildPastItsDeadlineOrAskedToStopIsKilledAtOnce() throws {
        var started = Date()
        XCTAssertThrowsError(try run("/bin/sleep", ["30"], seconds: 0.3)) {
            XCTAssertEqual(($0 as? ChildProcessError)?.reason, .timedOut)
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 1.5)
        started = Date()
        XCTAssertThrowsError(try run("/bin/sleep", ["30"], until: { Date().timeIntervalSince(started) > 0.2 })) {
            XCTAssertEqual(($0 as? ChildProcessError)?.reason, .stopped)
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 1.5)
    }

    func testOutputPastTheLimitEndsTheChild() throws {
        XCTAssertThrowsError(try run("/bin/cat", input: Array(repeating: 0x61, count: 100_000), limit: 10_000)) {
            XCTAssertEqual(($0 as? ChildProcessError)?.reason, .tooMuchOutput(limit: 10_000))
        }
    }

    func testAProgramThatIsNotThereCannotStartAndSaysWhy() throws {
        XCTAssertThrowsError(try run("/nonexistent/program")) { error in
            guard case .cannotStart(let program, let detail) = (error as? ChildProcessError)?.reason else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(program, "program")
            XCTAssertEqual(detail, String(cString: strerror(ENOENT)))
        }
    }

    /// Serve starts children from two threads (the loop's syncs, the long poll): a short run
    /// waits for nothing of a long one beside it. (Whether a child could inherit the other's
    /// socket is a matter of an instant this test cannot catch; the socket pair is made
    /// close-on-exec in the same call for it.)
    func testARunBesideALongOneOnAnotherThreadWaitsForNothingOfIt() throws {
        let long = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            _ = try? ChildProcess(executable: "/bin/sleep", name: "sleep", arguments: ["2"])
                .run(input: [], outputLimit: 10, deadline: .now() + 10)
            long.signal()
        }
        Thread.sleep(forTimeInterval: 0.05)
        for _ in 0..<20 {
            let started = Date()
            XCTAssertEqual(try run("/bin/sh", ["-c", "printf ok"]).output, Array("ok".utf8))
            XCTAssertLessThan(Date().timeIntervalSince(started), 1)
        }
        XCTAssertEqual(long.wait(timeout: .now() + 10), .success)
    }

    /// Every way a run ends closes what it opened.
    func testNoDescriptorIsLeftOpenWhicheverWayARunEnds() throws {
        #if os(Linux)
        func open() -> Int { (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? -1 }
        let before = open()
        _ = try? run("/nonexistent/program")
        _ = try? run("/bin/sleep", ["30"], seconds: 0.2)
        _ = try? run("/bin/sleep", ["30"], until: { true })
        _ = try? run("/bin/cat", input: Array(repeating: 0x61, count: 100_000), limit: 10)
        _ = try? run("/bin/sh", ["-c", "exit 3"])
        XCTAssertEqual(open(), before)
        #else
        throw XCTSkip("reads /proc")
        #endif
    }

    /// Serve ignores SIGTERM, SIGINT and SIGHUP to watch them itself; ignored signals would pass to
    /// its children through exec, and a child that ignores SIGTERM outlives a stopping service.
    func testAChildStartsWithNoSignalIgnoredOrBlockedWhateverThisProcessDoes() throws {
        #if os(Linux)
        let previous = signal(SIGTERM, SIG_IGN)
        defer { signal(SIGTERM, previous) }
        var blocked = sigset_t()
        var before = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGUSR1)
        pthread_sigmask(SIG_BLOCK, &blocked, &before)
        defer { pthread_sigmask(SIG_SETMASK, &before, nil) }
        let outcome = try run("/bin/grep", ["-E", "^Sig(Ign|Blk)", "/proc/self/status"])
        // Each line a mask in hexadecimal, signal N its bit N - 1; the standard signals are 1 to 31
        // (above them, the C library keeps two of its own as it likes).
        let masks = String(decoding: outcome.output, as: UTF8.self).split(separator: "\n").map {
            UInt64($0.split(separator: "\t").last ?? "", radix: 16)
        }
        XCTAssertEqual(masks.count, 2, String(decoding: outcome.output, as: UTF8.self))
        for mask in masks { XCTAssertEqual(mask.map { $0 & 0x7fff_ffff }, 0) }
        #else
        throw XCTSkip("reads /proc")
        #endif
    }
}
