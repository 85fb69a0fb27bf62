import AemtliCLI
import Foundation
import XCTest

/// The timer files README.md tells a family to copy (`.deploy/`): checked for syntax by a parser of
/// our own, by `systemd-analyze verify` where it exists, and for being in README as they are.
final class DeployFilesTests: XCTestCase {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// Sections and their `Key=Value` lines; fails on anything else (comments and blank lines aside).
    func unit(_ path: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String: [String: String]] {
        var sections: [String: [String: String]] = [:]
        var current: String?
        for text in try read(path).split(separator: "\n").map(String.init) where !text.isEmpty && !text.hasPrefix("#") {
            if text.hasPrefix("["), text.hasSuffix("]") {
                current = String(text.dropFirst().dropLast())
                sections[current ?? ""] = [:]
            } else if let current, let equals = text.firstIndex(of: "="), equals != text.startIndex {
                sections[current]?[String(text[..<equals])] = String(text[text.index(after: equals)...])
            } else {
                XCTFail("\(path): \"\(text)\" is neither a [Section] nor Key=Value", file: file, line: line)
            }
        }
        return sections
    }

    func testTheServiceRunsSyncThenBuildWhateverTheSyncDid() throws {
        let service = try unit(".deploy/aemtli.service")
        XCTAssertEqual(Set(service.keys), ["Unit", "Service"])
        XCTAssertEqual(service["Service"]?["Type"], "oneshot")
        let command = try XCTUnwrap(service["Service"]?["ExecStart"])
        XCTAssertTrue(command.contains("aemtli sync --quiet; "), command)
        XCTAssertFalse(command.contains("&&"), "';', not '&&' (SPEC §8.6)")
        let sync = try XCTUnwrap(command.range(of: "aemtli sync")),
            build = try XCTUnwrap(command.range(of: "aemtli build"))
        XCTAssertLessThan(sync.lowerBound, build.lowerBound)
        // systemd expands $NAME itself: the shell's variables must be written $$.
        XCTAssertNil(command.range(of: #"(?<!\$)\$(?!\$)"#, options: .regularExpression), command)
        XCTAssertEqual(service["Service"]?["SuccessExitStatus"], "75", "a passing failure sends no mail")
        XCTAssertEqual(service["Unit"]?["OnFailure"], "aemtli-mail@%n.service")
        XCTAssertNotNil(try unit(".deploy/aemtli-mail@.service")["Service"]?["ExecStart"])
    }

    /// SPEC §9: readiness through sd_notify, restart after a failure, SIGHUP to read the
    /// configuration again, and a listen address the tablet can reach.
    func testTheServeUnitNotifiesReadinessRestartsAndReloadsWithHUP() throws {
        let service = try unit(".deploy/aemtli-serve.service")
        XCTAssertEqual(Set(service.keys), ["Unit", "Service", "Install"])
        XCTAssertEqual(service["Service"]?["Type"], "notify")
        XCTAssertEqual(service["Service"]?["Restart"], "on-failure")
        XCTAssertEqual(service["Service"]?["ExecReload"], "/bin/kill -HUP $MAINPID")
        let command = try XCTUnwrap(service["Service"]?["ExecStart"])
        XCTAssertTrue(command.hasPrefix("/bin/sh -c 'exec aemtli serve --listen "), command)
        XCTAssertEqual(service["Install"]?["WantedBy"], "default.target")
    }

    func testTheTimerRunsEveryFifteenMinutes() throws {
        let timer = try unit(".deploy/aemtli.timer")
        XCTAssertEqual(timer["Timer"]?["OnCalendar"], "*:0/15")
        XCTAssertEqual(timer["Timer"]?["Persistent"], "true")
        XCTAssertEqual(timer["Install"]?["WantedBy"], "timers.target")
    }

    func testTheCronLineHasFiveValidTimeFieldsAndTheSameCommand() throws {
        let lines = try read(".deploy/aemtli.cron").split(separator: "\n").map(String.init).filter {
            !$0.hasPrefix("#") && !$0.contains("=")
        }
        XCTAssertEqual(lines.count, 1)
        let fields = lines[0].split(separator: " ", maxSplits: 5).map(String.init)
        XCTAssertEqual(fields.count, 6)
        let field = #"^(\*|\d+(-\d+)?)(/\d+)?(,(\*|\d+(-\d+)?)(/\d+)?)*$"#
        for time in fields.prefix(5) {
            XCTAssertNotNil(time.range(of: field, options: .regularExpression), "\(time) is not a cron field")
        }
        XCTAssertEqual(fields[0], "*/15")
        XCTAssertTrue(fields[5].contains("aemtli sync --quiet; aemtli build"), fields[5])
        XCTAssertFalse(fields[5].contains("%"), "cron turns % into a line break")
    }

    /// README installs aemtli in /usr/local/bin (or ~/.local/bin); cron's PATH and a user unit's
    /// would not find it there by themselves (exit 127, "command not found").
    func testTheTimerTheServeUnitAndCronFindTheInstalledBinary() throws {
        for path in [".deploy/aemtli.service", ".deploy/aemtli-serve.service"] {
            let environment = try XCTUnwrap(try unit(path)["Service"]?["Environment"], path)
            XCTAssertEqual(environment, "PATH=%h/.local/bin:/usr/local/bin:/usr/bin:/bin", path)
        }
        let assignments = try read(".deploy/aemtli.cron").split(separator: "\n").filter { $0.hasPrefix("PATH=") }
        XCTAssertEqual(assignments, ["PATH=/usr/local/bin:/usr/bin:/bin"])
        let readme = try read("README.md")
        XCTAssertTrue(readme.contains("sudo install -m 755 .build/release/aemtli /usr/local/bin/aemtli\n"))
        // Without -D, which BSD install (macOS) does not know.
        XCTAssertTrue(
            readme.contains("mkdir -p ~/.local/bin && install -m 755 .build/release/aemtli ~/.local/bin/aemtli\n"))
        XCTAssertFalse(readme.contains("install -D"))
    }

    func testReadmeShowsEachFileAsItIs() throws {
        let readme = try read("README.md")
        for path in [
            ".deploy/aemtli.service", ".deploy/aemtli.timer", ".deploy/aemtli-mail@.service", ".deploy/aemtli.cron",
            ".deploy/aemtli-serve.service",
        ] {
            XCTAssertTrue(readme.contains(try read(path)), "README.md does not hold \(path) as it is")
        }
    }

    /// README's install for families names the package `.deploy/package` makes of this version.
    func testReadmeInstallsThePackageOfThisVersion() throws {
        let readme = try read("README.md")
        let package = "aemtli_\(AemtliCommand.version)_amd64.deb"
        XCTAssertTrue(readme.contains("\nsudo apt install ./\(package) "), "README does not install \(package)")
        XCTAssertTrue(readme.contains("\nsystemctl --user enable --now aemtli-serve.service "))
    }

    /// `.ci/first-hour` and `.ci/package-check` run README's lines, each found by a piece of text
    /// that must be on exactly one line: a README edit that loses one breaks them, and they run
    /// by hand only, so this says so in every run of the suite.
    func testEveryLineTheHandRunChecksLookUpIsInReadmeOnce() throws {
        let readme = Set(try read("README.md").split(separator: "\n").map(String.init))
        for script in [".ci/first-hour", ".ci/package-check"] {
            let text = try read(script)
            let pattern = #"(?m)\b(?:step|readme_step|readme_line) (?:'([^']*)'|"([^"$]*)")"#
            let regex = try NSRegularExpression(pattern: pattern)
            let lookups = regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
                [1, 2].compactMap { Range(match.range(at: $0), in: text).map { String(text[$0]) } }.first
            }
            XCTAssertGreaterThanOrEqual(lookups.count, 8, script)
            for lookup in lookups {
                XCTAssertEqual(readme.filter { $0.contains(lookup) }.count, 1, "\(script): \(lookup)")
            }
        }
    }

    func testSystemdAcceptsTheUnits() throws {
        let analyze = "/usr/bin/systemd-analyze"
        try XCTSkipUnless(
            FileManager.default.isExecutableFile(atPath: analyze), "systemd-analyze is not on this machine")
        let verify = Process()
        verify.executableURL = URL(fileURLWithPath: analyze)
        verify.arguments =
            ["verify"]
            + [
                ".deploy/aemtli.service", ".deploy/aemtli.timer", ".deploy/aemtli-mail@.service",
                ".deploy/aemtli-serve.service",
            ].map {
                root.appendingPathComponent($0).path
            }
        let errors = Pipe()
        verify.standardError = errors
        verify.standardOutput = FileHandle.nullDevice
        try verify.run()
        verify.waitUntilExit()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        try XCTSkipIf(text.contains("Failed to initialize manager"), "systemd cannot run here: \(text)")
        XCTAssertEqual(verify.terminationStatus, 0, text)
    }
}
