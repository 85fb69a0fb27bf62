import Foundation

/// A Python script driving the browser, run as a process that the test talks to line by line:
/// the script prints what it saw and waits on standard input for the test's next step.
final class BrowserRun {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    /// Everything the script printed so far, standard error included.
    private(set) var said = ""
    /// Whole lines of `said` that `line(startingWith:)` has gone past.
    private var linesRead = 0

    init(python: String, script: String, arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script] + arguments
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    /// The next line that starts with `prefix`, after those found before, or nil once the script
    /// ended without printing it (its own waits are bounded, so it never holds the test for long).
    func line(startingWith prefix: String) -> String? {
        while true {
            let lines = said.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            if let index = lines.indices.first(where: { $0 >= linesRead && lines[$0].hasPrefix(prefix) }) {
                linesRead = index + 1
                return String(lines[index])
            }
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { return nil }
            said += String(decoding: chunk, as: UTF8.self)
        }
    }

    /// A line to the script's standard input: it goes on to its next step.
    func send(_ line: String) {
        input.fileHandleForWriting.write(Data((line + "\n").utf8))
    }

    /// Waits for the script to end and returns its exit status, with all it printed in `said`.
    func finish() -> Int32 {
        said += String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return process.terminationStatus
    }
}
