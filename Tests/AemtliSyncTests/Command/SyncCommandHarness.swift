import AemtliApp
import AemtliCLI
import AemtliSync
import CloudKitTestServer
import CloudKitWeb
import Foundation
import XCTest

/// Runs `aemtli` in-process in the sync harness's folder, talking to our CloudKit test server:
/// the same commands a family types, with the network and the pasted input replaced.
extension SyncHarness {
    struct Run {
        var exitCode: ExitCode
        var stdout: String
        var stderr: String
    }

    /// The flags that point every sync command at the test server's container.
    var serverFlags: [String] {
        [
            "--container", FakeCloudKit.container, "--environment", "development", "--endpoint", server.endpoint,
            "--now", "2026-03-25T10:00:00+01:00", "--time-zone", "Europe/Zurich",
        ]
    }

    /// `pasted` is every line read without echo; `pastes`, when given, one line per read instead;
    /// `adjust` changes the environment last (a seam of a test's own).
    func aemtli(
        _ arguments: [String], pasted: String? = nil, pastes: [String]? = nil,
        apiToken: String? = FakeCloudKit.apiToken,
        adjust: (inout CommandEnvironment) -> Void = { _ in }
    ) -> Run {
        let stdout = BufferOutput()
        let stderr = BufferOutput()
        var variables = ["XDG_STATE_HOME": folder + "/state", "TZ": "UTC"]
        if let apiToken { variables["AEMTLI_CLOUDKIT_API_TOKEN"] = apiToken }
        var environment = CommandEnvironment(
            variables: variables, currentDirectory: URL(fileURLWithPath: folder, isDirectory: true),
            standardOutput: stdout, standardError: stderr, clock: { Date(timeIntervalSince1970: 1_774_429_200) })
        let transport = self.transport
        environment.transport = { transport }
        environment.sleep = { _ in }
        if let pastes {
            var lines = pastes[...]
            environment.readSecretLine = { lines.popFirst() }
        } else {
            environment.readSecretLine = { pasted }
        }
        // PINs hashed with fewer rounds than a family's, so that a debug build checks them at once.
        environment.pinRounds = 1_000
        adjust(&environment)
        let code = AemtliCommand.run(arguments, environment: environment)
        return Run(exitCode: code, stdout: stdout.text, stderr: stderr.text)
    }

    /// `aemtli sync login --paste` with the address a browser ends on after `user` signs in.
    func loginByPaste(as user: String) -> Run {
        aemtli(["sync", "login", "--paste"] + serverFlags, pasted: server.pastedAddress(signingIn: user))
    }

    /// `aemtli agenda --format tsv` over `store`, or over the server's live records when nil.
    func agenda(of store: String?) throws -> Run {
        var path = store
        if path == nil {
            let file = folder + "/server-records.json"
            let document =
                "{\"records\": ["
                + server.liveRecords.map { String(decoding: $0.serializedBytes(), as: UTF8.self) }.joined(
                    separator: ",") + "]}"
            try Data(document.utf8).write(to: URL(fileURLWithPath: file))
            path = file
        }
        return aemtli([
            "agenda", "--store", path ?? "", "--from", "2025-04-28", "--to", "2025-05-12", "--format", "tsv",
            "--now", "2025-05-05T10:00:00+02:00", "--time-zone", "Europe/Zurich",
        ])
    }

    /// Every file below the folder that holds `text`, the session file aside.
    func files(holding text: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        return walker.compactMap { $0 as? String }.filter { name in
            !name.hasPrefix("state/")
                && (try? String(contentsOfFile: folder + "/" + name, encoding: .utf8))?.contains(text) == true
        }
    }
}
