import AemtliApp
import AemtliCLI
import Files
import Foundation
import XCTest

/// Runs `aemtli` in-process in a fresh temporary folder, with a fixed clock and captured output.
final class CLIHarness {
    struct Run {
        var exitCode: ExitCode
        var stdout: String
        var stderr: String
    }

    let directory: URL
    /// The clock commands see when neither --now nor SOURCE_DATE_EPOCH is given: 2026-11-22T09:00:00Z.
    static let clockTime = Date(timeIntervalSince1970: 1_795_338_000)

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "aemtli-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Writes `text` to `path` (relative to the folder), creating folders on the way.
    func write(_ path: String, _ text: String) throws {
        let url = directory.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// Every file below `path` (relative to it, sorted), hidden ones too; none when it is not there.
    func files(in path: String) -> [String] {
        let root = directory.appendingPathComponent(path)
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { name in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(
                atPath: root.appendingPathComponent(name).path, isDirectory: &isFolder) && !isFolder.boolValue
        }.sorted()
    }

    func read(_ path: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(path), encoding: .utf8)
    }

    func run(_ arguments: String..., variables: [String: String] = ["TZ": "UTC"]) -> Run {
        run(arguments, variables: variables)
    }

    /// `adjust` changes the environment before the run (standard input, a seam of a test's own).
    func run(
        _ arguments: [String], variables: [String: String] = ["TZ": "UTC"], files: FileIO = .local,
        adjust: (inout CommandEnvironment) -> Void = { _ in }
    ) -> Run {
        let stdout = BufferOutput()
        let stderr = BufferOutput()
        var environment = CommandEnvironment(
            variables: variables, currentDirectory: directory, standardOutput: stdout, standardError: stderr,
            clock: { Self.clockTime }, files: files)
        adjust(&environment)
        let code = AemtliCommand.run(arguments, environment: environment)
        return Run(exitCode: code, stdout: stdout.text, stderr: stderr.text)
    }

    /// `../shared` beside the checkout, when it is there.
    static var sharedFolder: URL? {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let shared = root.deletingLastPathComponent().appendingPathComponent("shared")
        return FileManager.default.fileExists(atPath: shared.path) ? shared : nil
    }
}
