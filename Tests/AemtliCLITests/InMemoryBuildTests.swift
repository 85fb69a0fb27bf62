import AemtliApp
import AemtliCLI
import Files
import Foundation
import XCTest

/// A whole `aemtli build` through the file seam alone: everything it reads and writes goes
/// through `FileIO`, so it runs on a file system held in memory and writes the same site as on disk.
final class InMemoryBuildTests: XCTestCase {
    private let home = "/in-memory/family"
    private let now = ["--now", "2026-11-26T08:00:00+01:00", "--time-zone", "Europe/Zurich"]
    /// A week later: every page and feed reads differently, so a build must write them again.
    private let weekLater = ["--now", "2026-12-03T08:00:00+01:00", "--time-zone", "Europe/Zurich"]

    private func run(_ arguments: [String], on files: InMemoryFiles) -> CLIHarness.Run {
        let stdout = BufferOutput()
        let stderr = BufferOutput()
        let environment = CommandEnvironment(
            variables: [:], currentDirectory: URL(fileURLWithPath: home, isDirectory: true), standardOutput: stdout,
            standardError: stderr, clock: { CLIHarness.clockTime }, files: files.io)
        let code = AemtliCommand.run(arguments, environment: environment)
        return CLIHarness.Run(exitCode: code, stdout: stdout.text, stderr: stderr.text)
    }

    /// The family's zone as the system's tz database has it, so both builds read the same rules.
    private func filesWithZone() throws -> InMemoryFiles {
        let files = InMemoryFiles()
        let zone = try FileIO.local.readBytes("/usr/share/zoneinfo/Europe/Zurich")
        files.put("/usr/share/zoneinfo/Europe/Zurich", bytes: zone)
        files.put(home + "/aemtli.json", #"{"title": "Familie Muster"}"#)
        return files
    }

    func testTheDemoFamilysBuildInMemoryWritesTheSameSiteAsOnDisk() throws {
        guard FileManager.default.fileExists(atPath: "/usr/share/zoneinfo/Europe/Zurich") else {
            throw XCTSkip("this system has no tz database at /usr/share/zoneinfo")
        }
        let memory = try filesWithZone()
        let built = run(["build"] + now, on: memory)
        XCTAssertEqual(built.exitCode, .success, built.stderr)
        XCTAssertEqual(built.stdout, "Built _site: 17 written, 0 unchanged, 0 removed.\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/in-memory"), "nothing reached the disk")

        let disk = try CLIHarness()
        try disk.write("aemtli.json", #"{"title": "Familie Muster"}"#)
        XCTAssertEqual(disk.run(["build"] + now).exitCode, .success)
        let names = memory.files(below: home + "/_site")
        XCTAssertEqual(names, disk.files(in: "_site"))
        XCTAssertTrue(names.contains("wall.html") && names.contains(".aemtli-manifest"), "\(names)")
        for name in names {
            XCTAssertEqual(memory.text(home + "/_site/" + name), try disk.read("_site/" + name), name)
        }

        let again = run(["build"] + now, on: memory)
        XCTAssertEqual(again.stdout, "Built _site: 0 written, 17 unchanged, 0 removed.\n")
    }

    func testAStoreBehindAFolderTheUserMayNotEnterIsPermissionDeniedNotMissing() throws {
        let memory = try filesWithZone()
        memory.put(home + "/private/store/a.json", #"{"records": []}"#)
        memory.inaccessible = [home + "/private"]
        let built = run(["build", "--store", "private/store"] + now, on: memory)
        XCTAssertEqual(built.exitCode, .ioError, built.stderr)
        XCTAssertTrue(
            built.stderr.contains(#"cannot read "private/store": Permission denied."#), built.stderr)
        XCTAssertEqual(memory.files(below: home + "/_site"), [], "nothing written")
    }

    func testAJournalThatCannotBeReadFailsTheBuildInsteadOfShowingNoHistory() throws {
        let memory = try filesWithZone()
        memory.put(home + "/store/a.json", #"{"records": []}"#)
        memory.put(home + "/store/history/done.jsonl", "{\"sync\":1000}\n")
        memory.inaccessible = [home + "/store/history/done.jsonl"]
        let built = run(["build"] + now, on: memory)
        XCTAssertEqual(built.exitCode, .ioError, built.stderr)
        XCTAssertTrue(
            built.stderr.contains(#"cannot read "store/history/done.jsonl": Permission denied."#), built.stderr)
        XCTAssertEqual(memory.files(below: home + "/_site"), [], "nothing written")
    }

    func testAWriteErrorWhileFilesAreStagedLeavesTheOutputFolderAsItWas() throws {
        let memory = try filesWithZone()
        XCTAssertEqual(run(["build"] + now, on: memory).exitCode, .success)
        let before = site(memory)
        XCTAssertEqual(before.count, 18, "the demo's 17 files and the manifest")
        // The disk fills up after three more files: the fourth is cut short, and so is every one after it.
        var written = 0
        memory.writeFault = { path in
            guard path.hasPrefix(self.home + "/_site/") else { return nil }
            written += 1
            return written > 3 ? .ENOSPC : nil
        }
        let built = run(["build"] + weekLater, on: memory)
        XCTAssertEqual(built.exitCode, .cannotCreate, built.stderr)
        XCTAssertTrue(built.stderr.contains("No space left on device"), built.stderr)
        XCTAssertEqual(written, 4, "three files were staged before the disk filled up, and the build stopped there")
        let after = site(memory)
        XCTAssertEqual(after.keys.sorted(), before.keys.sorted(), "no temporary stays, no file is gone")
        for (path, text) in before { XCTAssertEqual(after[path], text, path) }
    }

    func testAManifestThatCannotBeWrittenLeavesTheOldSiteInPlace() throws {
        let memory = try filesWithZone()
        XCTAssertEqual(run(["build"] + now, on: memory).exitCode, .success)
        let before = site(memory)
        // Every page is staged; the manifest, written last, is what meets the full disk.
        memory.writeFault = { path in
            path.hasPrefix(self.home + "/_site/.") && path.contains(".aemtli-manifest.") ? .ENOSPC : nil
        }
        let built = run(["build"] + weekLater, on: memory)
        XCTAssertEqual(built.exitCode, .cannotCreate, built.stderr)
        XCTAssertTrue(
            built.stderr.contains(#"cannot write "_site/.aemtli-manifest": No space left on device."#), built.stderr)
        let after = site(memory)
        XCTAssertEqual(after.keys.sorted(), before.keys.sorted(), "no temporary stays, no file is gone")
        for (path, text) in before { XCTAssertEqual(after[path], text, "\(path): the old one, not the new build's") }
    }

    /// Every file of the output folder (hidden ones too) and its text.
    private func site(_ memory: InMemoryFiles) -> [String: String] {
        Dictionary(
            uniqueKeysWithValues: memory.files(below: home + "/_site").map {
                ($0, memory.text(home + "/_site/" + $0) ?? "")
            })
    }
}
