import AemtliCLI
import Foundation
import XCTest

/// The manual page `.deploy/package` installs, as `aemtli --generate-man-page` prints it: every
/// command of the table and every option of each, and roff that `man` renders without a warning.
final class ManPageTests: XCTestCase {
    /// Every command below `command` with the words that lead to it, walked here on its own.
    static func commands(below command: CommandSpec, path: [String] = []) -> [([String], CommandSpec)] {
        command.subcommands.flatMap { child in
            [(path + [child.name], child)] + commands(below: child, path: path + [child.name])
        }
    }

    func manual() throws -> String {
        let run = try CLIHarness().run("--generate-man-page")
        XCTAssertEqual(run.exitCode, .success)
        XCTAssertEqual(run.stderr, "")
        return run.stdout
    }

    func testEveryCommandHasASectionWithEachOfItsOptions() throws {
        let text = try manual()
        let headings = text.split(separator: "\n").filter { $0.hasPrefix(".SS ") }.map(String.init)
        let commands = Self.commands(below: AemtliCommand.root)
        XCTAssertEqual(headings, commands.map { ".SS \"aemtli \($0.0.joined(separator: " "))\"" })
        XCTAssertGreaterThanOrEqual(commands.count, 19)
        for (path, command) in commands {
            let heading = ".SS \"aemtli \(path.joined(separator: " "))\"\n"
            let start = try XCTUnwrap(text.range(of: heading)).upperBound
            let section = text[start...].components(separatedBy: "\n.SS ")[0]
            XCTAssertTrue(section.hasPrefix(command.abstract + "\n"), "\(path): \(section.prefix(80))")
            for option in command.options {
                let name = "\\fB\\-\\-" + option.name.replacingOccurrences(of: "-", with: "\\-") + "\\fR"
                XCTAssertTrue(section.contains("\n.TP\n" + name), "\(path) lacks --\(option.name)")
            }
            XCTAssertTrue(section.contains("\n.TP\n\\fB\\-h,\\fR \\fB\\-\\-help\\fR\n"), "\(path) lacks --help")
            for argument in command.arguments {
                XCTAssertTrue(section.contains("\n.TP\n\\fI<\(argument.name)>\\fR\n\(argument.help)\n"), "\(path)")
            }
        }
        XCTAssertTrue(text.contains(".TH AEMTLI 1 \"\" \"aemtli \(AemtliCommand.version)\" \"User Commands\"\n"))
        XCTAssertTrue(text.contains("\n.SH NAME\naemtli \\- turn a family's chore records into"), text)
    }

    /// As lintian reads a manual page: each of groff's warnings is a line on standard error.
    /// Rendered, an option reads `--paste` in plain ASCII, so that it can be copied from the page.
    func testManRendersItWithoutWarnings() throws {
        let manPath = "/usr/bin/man"
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: manPath), "man is not on this machine")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("aemtli-\(UUID().uuidString).1")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(try manual().utf8).write(to: file)
        let man = try ChildProcess.run(
            manPath, ["--warnings", "-E", "UTF-8", "-l", "-Tutf8", file.path],
            environment: ["LC_ALL": "C.UTF-8", "MANWIDTH": "80", "PATH": "/usr/bin:/bin", "MANROFFSEQ": ""])
        XCTAssertEqual(man.status, 0, man.errors)
        XCTAssertEqual(man.errors, "")
        let plain = man.output.replacingOccurrences(of: ".\u{8}", with: "", options: .regularExpression)
        XCTAssertTrue(plain.contains("   aemtli sync login\n"), plain)
        XCTAssertTrue(plain.contains("       --paste\n"), plain)
        XCTAssertTrue(plain.contains("aemtli build [--store <path>]"), plain)
    }

    func testTheHelpDoesNotListTheGeneratingOptions() throws {
        let run = try CLIHarness().run("--help")
        XCTAssertFalse(run.stdout.contains("generate"), run.stdout)
    }
}
