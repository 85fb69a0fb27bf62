import CloudKitTestServer
import Foundation
import XCTest

/// The debug build of `aemtli` as a process of its own, in a harness's folder and against its
/// CloudKit test server, for tests that signal or kill it for real.
struct AemtliProcess {
    let harness: SyncHarness

    /// `.build/debug/aemtli`, or a skip when it is not built.
    static func binary() throws -> URL {
        let binary = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".build/debug/aemtli")
        try XCTSkipUnless(
            FileManager.default.isExecutableFile(atPath: binary.path), "no debug build of aemtli at \(binary.path)")
        return binary
    }

    func process(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = try Self.binary()
        process.arguments = arguments
        process.environment = [
            "XDG_STATE_HOME": harness.folder + "/state", "TZ": "UTC", "PATH": "/usr/bin:/bin",
            "AEMTLI_CLOUDKIT_API_TOKEN": FakeCloudKit.apiToken,
        ]
        process.currentDirectoryURL = URL(fileURLWithPath: harness.folder, isDirectory: true)
        return process
    }

    /// `aemtli serve` on a port the system picks, syncing every 15 s with the test server: started,
    /// with what it printed up to "Serving … http://127.0.0.1:PORT/", and that port.
    func serve(output: Pipe, within seconds: TimeInterval = 60) throws -> (Process, port: UInt16) {
        let serve = try process([
            "serve", "--listen", "127.0.0.1:0", "--sync-every", "15", "--container", FakeCloudKit.container,
            "--environment", "development", "--endpoint", harness.server.endpoint, "--time-zone", "Europe/Zurich",
        ])
        serve.standardOutput = output
        serve.standardError = FileHandle.nullDevice
        try serve.run()
        var printed = ""
        let started = Date()
        while !printed.contains("Serving"), Date().timeIntervalSince(started) < seconds {
            printed += String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        }
        guard let address = printed.range(of: "http://127.0.0.1:"),
            let port = UInt16(printed[address.upperBound...].prefix { $0.isNumber })
        else {
            kill(serve.processIdentifier, SIGKILL)
            serve.waitUntilExit()
            throw XCTSkip("serve printed no address: \(printed)")
        }
        return (serve, port)
    }
}
