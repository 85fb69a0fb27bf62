import Foundation
import XCTest

@testable import AemtliApp
@testable import AemtliCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Builds that are killed or interrupted leave no hidden temporaries behind for ever (issue #17),
/// and a build that fails on a full disk leaves the output folder as it was (issue #36).
final class KilledBuildTests: XCTestCase {
    let now = ["--now", "2026-03-25T10:00:00+01:00", "--time-zone", "Europe/Zurich"]
    /// A week later: every page and feed reads differently, so a build must write them again.
    let weekLater = ["--now", "2026-04-01T10:00:00+02:00", "--time-zone", "Europe/Zurich"]
    /// The small disk a test mounted, unmounted in `tearDown`.
    private var mountPoint: String?

    override func tearDownWithError() throws {
        guard let mountPoint else { return }
        XCTAssertEqual(try tool("/usr/bin/umount", [mountPoint]), 0, "unmounted \(mountPoint)")
        try? FileManager.default.removeItem(atPath: mountPoint)
        self.mountPoint = nil
    }

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
            XCTAssertEqual(AemtliCommand.describe(error, path: ["build"]).code, .software)
            XCTAssertEqual(
                AemtliCommand.describe(error, path: ["build"]).message,
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

    func testAFullDiskLeavesTheOutputFolderAsItWas() throws {
        let disk = try mountSmallDisk(kilobytes: 1024)
        let harness = try CLIHarness()
        let out = disk + "/_site"
        let first = harness.run(["build", "--out", out] + now)
        XCTAssertEqual(first.exitCode, .success, first.stderr)
        let before = try contents(of: out)
        XCTAssertEqual(before.count, 22, "the demo's 17 files, the manifest and 4 sub-folders: \(before.keys.sorted())")
        // Room for a few of the next build's files (about 150 KB that changed), not for all.
        try fill(disk, leaving: 40 * 1024)
        let second = harness.run(["build", "--out", out] + weekLater)
        XCTAssertEqual(second.exitCode, .cannotCreate, second.stderr)
        XCTAssertTrue(second.stderr.contains("No space left on device"), second.stderr)
        let after = try contents(of: out)
        XCTAssertEqual(after.keys.sorted(), before.keys.sorted(), "no temporary stays, no file is gone")
        for (path, bytes) in before { XCTAssertEqual(after[path], bytes, path) }
    }

    func testAFullDiskLeavesNoOutputFolderWhereThereWasNone() throws {
        let disk = try mountSmallDisk(kilobytes: 1024)
        let harness = try CLIHarness()
        try fill(disk, leaving: 40 * 1024)
        let build = harness.run(["build", "--out", disk + "/_site"] + now)
        XCTAssertEqual(build.exitCode, .cannotCreate, build.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: disk).sorted(), ["filler"])
    }

    /// Mounts a tmpfs of `kilobytes` in a folder of its own; skips where that cannot be done.
    private func mountSmallDisk(kilobytes: Int) throws -> String {
        #if os(Linux)
        try XCTSkipUnless(getuid() == 0, "a full disk is tried on a small tmpfs, which only root may mount")
        try XCTSkipUnless(
            FileManager.default.isExecutableFile(atPath: "/usr/bin/mount"), "no /usr/bin/mount to mount a small tmpfs")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("aemtli-disk-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let status = try tool("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=\(kilobytes)k", "aemtli-test", folder])
        guard status == 0 else {
            try? FileManager.default.removeItem(atPath: folder)
            throw XCTSkip("mount -t tmpfs exited \(status) (a container without the right to mount?)")
        }
        mountPoint = folder
        return folder
        #else
        throw XCTSkip("a full disk is tried on a tmpfs, which this test mounts on Linux only")
        #endif
    }

    /// Fills the disk at `folder` with the file `filler`, then frees `bytes` of it again.
    private func fill(_ folder: String, leaving bytes: Int) throws {
        let descriptor = open(folder + "/filler", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        defer { close(descriptor) }
        let block = [UInt8](repeating: 0x2E, count: 4096)
        var size = 0
        while true {
            let written = block.withUnsafeBytes { write(descriptor, $0.baseAddress, block.count) }
            guard written > 0 else { break }
            size += written
        }
        XCTAssertEqual(errno, ENOSPC)
        XCTAssertEqual(ftruncate(descriptor, off_t(max(0, size - bytes))), 0)
    }

    /// Every file and folder below `folder` (hidden ones too), by path: a file's bytes, a folder's nil.
    private func contents(of folder: String) throws -> [String: Data?] {
        var found: [String: Data?] = [:]
        for case let path as String in FileManager.default.enumerator(atPath: folder)
            ?? FileManager.DirectoryEnumerator()
        {
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder)
            found[path] =
                isFolder.boolValue ? Data?.none : try Data(contentsOf: URL(fileURLWithPath: folder + "/" + path))
        }
        return found
    }

    /// Runs a program and waits for it; its exit status.
    private func tool(_ path: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
