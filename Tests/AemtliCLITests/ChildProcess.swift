import Foundation

/// A program the tests start and wait for (a shell, `man`, `swift --version`, the packaging
/// scripts), with what it printed on each stream.
struct ChildProcess {
    var status: Int32
    var output: String
    var errors: String

    /// Runs `path` with `arguments` to its end. `environment` nil keeps the tests' own.
    static func run(
        _ path: String, _ arguments: [String], environment: [String: String]? = nil, in folder: URL? = nil
    ) throws -> ChildProcess {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let folder { process.currentDirectoryURL = folder }
        // Standard error into a file, not a second pipe: a child that fills the pipe not being read
        // would wait for ever.
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("aemtli-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorFile) }
        let errors = try FileHandle(forWritingTo: errorFile)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let outputBytes = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try errors.close()
        return ChildProcess(
            status: process.terminationStatus, output: String(decoding: outputBytes, as: UTF8.self),
            errors: String(decoding: try Data(contentsOf: errorFile), as: UTF8.self))
    }
}
