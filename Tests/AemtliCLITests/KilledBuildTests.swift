import Foundation
import XCTest

@testable import AemtliCLI

/// Builds that are killed or interrupted leave no hidden temporaries behind for ever (issue #17).
final class KilledBuildTests: XCTestCase {
    let now = ["--now", "2026-03-25T10:00:00+01:00", "--time-zone", "Europe/Zurich"]

    /// A process id that is surely not running: a child that has exited.
    func deadProcess() throws -> Int32 {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/sh")
        child.arguments = ["-c", "exit 0"]
        try child.run()
        child.waitUntilExit()
        return child.processIdentifier
    }

    func testABuildRemovesTheTemporariesOfBuildsThatDiedAndNothingElse() throws {
        let harness = try CLIHarness()
        let dead = try deadProcess()
        let alive = getppid()
        let leftovers = [
            "_site/.index.html.\(dead).tmp", "_site/members/.anna.html.\(dead).tmp",
            "_site/.aemtli-manifest.\(dead).tmp",
        ]
        let kept = [
            "_site/.index.html.\(alive).tmp", "_site/.notes.tmp", "_site/keep.\(dead).tmp", "_site/.mine.\(dead)x.tmp",
        ]
        for path in leftovers + kept { try harness.write(path, "x") }
        XCTAssertEqual(harness.run(["build"] + now).exitCode, .success)
        let files = Set(harness.files(in: "_site").map { "_site/" + $0 })
        XCTAssertTrue(files.isDisjoint(with: leftovers), "left: \(files.intersection(leftovers))")
        XCTAssertTrue(Set(kept).isSubset(of: files), "a running build's temporary and the family's own files stay")
    }

    func testTwoFilesAskingForOnePathAreRefusedAndNeitherIsLost() throws {
        let harness = try CLIHarness()
        let writer = OutputWriter(
            folder: harness.directory.appendingPathComponent("out"), displayName: "out", files: .local)
        try writer.put("feeds/family.ics", Array("first".utf8))
        XCTAssertThrowsError(try writer.put("feeds/family.ics", Array("second".utf8))) { error in
            XCTAssertEqual((error as? CLIError)?.exitCode, .software)
            XCTAssertEqual(
                (error as? CLIError)?.message,
                "two files of the site asked for the path \"out/feeds/family.ics\", so neither is written; please report this with the member names of your store."
            )
        }
        _ = try writer.commit()
        XCTAssertEqual(
            try harness.read("out/feeds/family.ics"), "first", "the second did not unlink the first's temporary")
    }

    func testSIGTERMDuringABuildDiscardsItsTemporariesAndExits143() throws {
        let binary = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent(".build/debug/aemtli")
        try XCTSkipUnless(
            FileManager.default.isExecutableFile(atPath: binary.path), "no debug build of aemtli at \(binary.path)")
        let harness = try CLIHarness()
        let make = Process()
        make.executableURL = binary
        make.arguments =
            [
                "demo-store", "--members", "100", "--chores", "8000", "--out",
                harness.directory.appendingPathComponent("s").path,
            ] + now
        make.standardOutput = FileHandle.nullDevice
        try make.run()
        make.waitUntilExit()
        let out = harness.directory.appendingPathComponent("o")
        let build = Process()
        build.executableURL = binary
        build.arguments =
            ["build", "--store", harness.directory.appendingPathComponent("s").path, "--out", out.path] + now
        build.standardOutput = FileHandle.nullDevice
        build.standardError = FileHandle.nullDevice
        try build.run()
        // Wait until the build has staged its first temporary, then interrupt it.
        let deadline = Date().addingTimeInterval(60)
        while build.isRunning, Date() < deadline, !harness.files(in: "o").contains(where: { $0.hasSuffix(".tmp") }) {
            usleep(2_000)
        }
        try XCTSkipUnless(build.isRunning, "the build finished before it could be interrupted")
        kill(build.processIdentifier, SIGTERM)
        build.waitUntilExit()
        XCTAssertEqual(build.terminationReason, .exit)
        XCTAssertEqual(build.terminationStatus, 143)
        XCTAssertEqual(harness.files(in: "o").filter { $0.hasSuffix(".tmp") }, [], "every temporary is gone")
    }
}
