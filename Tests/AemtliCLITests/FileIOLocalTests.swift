import Files
import Foundation
import XCTest

final class FileIOLocalTests: XCTestCase {
    func testReadsAFileWhole() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try Data(bytes).write(to: folder.appendingPathComponent("big"))
        try Data().write(to: folder.appendingPathComponent("empty"))
        XCTAssertEqual(try FileIO.local.readBytes(folder.appendingPathComponent("big").path), bytes)
        XCTAssertEqual(try FileIO.local.readBytes(folder.appendingPathComponent("empty").path), [])
    }

    func testReadsOnPastTheSizeTheSystemGaveWhenTheFileIsLonger() throws {
        // Files in /proc say they are empty and are not: the reader must go on to the real end.
        let path = "/proc/self/status"
        guard FileManager.default.fileExists(atPath: path) else { throw XCTSkip("no \(path) on this system") }
        let text = String(decoding: try FileIO.local.readBytes(path), as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("Name:"), text)
        XCTAssertTrue(text.contains("\nPid:"), text)
    }

    func testAMissingFileIsTheSystemsErrorInWords() {
        XCTAssertThrowsError(try FileIO.local.readBytes("/nonexistent/aemtli")) { error in
            XCTAssertEqual(FileIO.describe(error), "No such file or directory")
        }
    }

    /// A log's length, a cut back to its committed bytes, and a folder removed with what is in it:
    /// the same on the disk and in memory, so a test on either shows what the other does.
    func testLengthTruncateAndRemoveTreeDoTheSameOnDiskAndInMemory() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A folder beside the tree, which a link in the tree points to.
        let outside = folder + "-outside"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try Data("kept".utf8).write(to: URL(fileURLWithPath: outside + "/file"))
        defer { try? FileManager.default.removeItem(atPath: outside) }
        let memory = InMemoryFiles()
        memory.put(outside + "/file", "kept")

        for (files, name) in [(FileIO.local, "disk"), (memory.io, "memory")] {
            let root = folder + "/" + name
            try files.makeFolders(root + "/tree/inner")
            _ = try files.append(Array("line 1\nline 2\n".utf8), root + "/log", 0o644)
            XCTAssertEqual(try files.length(root + "/log"), 14, name)
            try files.truncate(root + "/log", 7)
            XCTAssertEqual(try files.readBytes(root + "/log"), Array("line 1\n".utf8), name)

            try files.writeFile([1], root + "/tree/a", 0o644)
            try files.writeFile([2], root + "/tree/inner/b", 0o644)
            if name == "disk" {
                try FileManager.default.createSymbolicLink(atPath: root + "/tree/link", withDestinationPath: outside)
            }
            try files.removeTree(root + "/tree")
            XCTAssertEqual(files.kind(root + "/tree"), .missing, name)
            XCTAssertEqual(
                try files.readBytes(outside + "/file"), Array("kept".utf8), "\(name): a link is removed, not followed")
            XCTAssertNoThrow(try files.removeTree(root + "/tree"), "\(name): a tree that is gone is no error")
        }
    }

    /// What aemtli may start (the browser opener): a file with the execute bit, never a folder or a
    /// plain file.
    func testOnlyAFileWithTheExecuteBitIsAProgram() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileIO.local.writeFile(Array("#!/bin/sh\n".utf8), folder + "/program", 0o755)
        try FileIO.local.writeFile(Array("text\n".utf8), folder + "/plain", 0o644)

        XCTAssertTrue(FileIO.isExecutable(folder + "/program"))
        XCTAssertFalse(FileIO.isExecutable(folder + "/plain"))
        XCTAssertFalse(FileIO.isExecutable(folder), "a folder is searchable, not a program")
        XCTAssertFalse(FileIO.isExecutable(folder + "/missing"))
        XCTAssertEqual(FileIO.workingFolder(), FileManager.default.currentDirectoryPath)
    }
}
