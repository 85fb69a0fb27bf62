import AemtliApp
import AemtliCLI
import Foundation

/// The ticks' state folder inside the harness's folder, and runs of the `serve` subcommands that
/// keep their files there.
extension CLIHarness {
    /// `XDG_STATE_HOME`: the files go to `state/aemtli`.
    var stateHome: String { directory.appendingPathComponent("state").path }
    var tickFolder: TickStateFolder { TickStateFolder(path: stateHome + "/aemtli") }

    /// Runs a command with the state folder here; `input` is what it reads as a hidden line, and
    /// PINs are hashed with few rounds (a debug build is slow; the rounds are in the file).
    func runTicks(_ arguments: String..., input: String? = nil) -> Run {
        run(arguments, variables: ["TZ": "UTC", "XDG_STATE_HOME": stateHome]) { environment in
            environment.readSecretLine = { input }
            environment.pinRounds = 1_000
        }
    }

    /// The text of every file in the state folder, for looking for a secret that must not be there.
    func stateFileTexts() throws -> [String: String] {
        var texts: [String: String] = [:]
        for name in files(in: "state/aemtli") { texts[name] = try read("state/aemtli/" + name) }
        return texts
    }

    /// The permission bits of a file or folder under the harness's folder.
    func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent(path).path)
        return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }
}
