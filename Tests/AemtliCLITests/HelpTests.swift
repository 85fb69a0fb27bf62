import AemtliCLI
import Foundation
import XCTest

/// Help text is generated from the option tables; these snapshots were read line by line against
/// the tables in OptionSpec+Catalog.swift and the commands' specs.
final class HelpTests: XCTestCase {
    func testRootHelpListsEveryCommand() throws {
        let run = try CLIHarness().run("--help")
        XCTAssertEqual(run.exitCode, .success)
        XCTAssertEqual(
            run.stdout,
            """
            OVERVIEW: Turn a family's chore records into a dashboard website, calendar feeds and chore charts.

            USAGE: aemtli <subcommand>

            OPTIONS:
              --version               Show the version.
              -h, --help              Show help information.

            SUBCOMMANDS:
              build                   Build the family site: dashboard, member pages, feeds and reports.
              report                  Print the weekly chore report.
              agenda                  List every occurrence starting in a range of local dates.
              check                   Read the store and report every problem and a summary.
              template                Render or export Mustache templates.
              demo-store              Write the demo family, or a synthetic store of any size, as CloudKit JSON.
              feed-token              Manage the private feed addresses (config privateFeeds).
              sync                    Fetch the family's chores from iCloud (CloudKit) into the store.
              history                 Show who did which chore in the last weeks, streaks and weekly shares.
              serve                   Keep the family site current and serve it; open pages update by themselves.
              help                    Show help for a subcommand.

              See 'aemtli help <subcommand>' for detailed help.

            """)
        XCTAssertEqual(run.stderr, "")
    }

    func testCommandHelpShowsUsageAndEveryOption() throws {
        let run = try CLIHarness().run("check", "--help")
        XCTAssertEqual(
            run.stdout,
            """
            OVERVIEW: Read the store and report every problem and a summary.

            Warnings go to standard error as 'aemtli: warning: FILE: MESSAGE'; the summary to standard output.

            USAGE: aemtli check [--store <path>] [--config <file>] [--now <date-time>] [--time-zone <zone>] [--strict]

            OPTIONS:
              --store <path>          A JSON file or a folder of them (default: aemtli.json's store, else ./store if it exists, else the built-in demo family).
              --config <file>         The configuration file (default: ./aemtli.json if it exists).
              --now <date-time>       What time it is: ISO 8601 with an offset, a local time in the family's zone, or a date meaning 00:00 (default: SOURCE_DATE_EPOCH, else the clock).
              --time-zone <zone>      The family's IANA time zone, e.g. Europe/Zurich (default: config, then TZ, then the system's, then UTC).
              --strict                Fail with exit code 65 if reading the store gave any warning.
              -h, --help              Show help information.

            """)
    }

    func testHelpSubcommandMatchesTheHelpFlag() throws {
        let harness = try CLIHarness()
        for path in [
            ["check"], ["template"], ["template", "render"], ["build"], ["agenda"], ["report"], ["demo-store"],
            ["history"],
        ] {
            let viaHelp = harness.run(["help"] + path)
            XCTAssertEqual(viaHelp.exitCode, .success)
            XCTAssertEqual(viaHelp.stdout, harness.run(path + ["--help"]).stdout, path.joined(separator: " "))
            XCTAssertTrue(viaHelp.stdout.contains("USAGE: aemtli \(path.joined(separator: " "))"))
        }
    }

    func testGroupHelpListsItsSubcommands() throws {
        let run = try CLIHarness().run("template")
        XCTAssertEqual(run.exitCode, .success)
        XCTAssertTrue(run.stdout.contains("USAGE: aemtli template <subcommand>"))
        XCTAssertTrue(
            run.stdout.contains(
                "  render                  Render one Mustache template with JSON data to standard output."))
        XCTAssertTrue(run.stdout.contains("  See 'aemtli help template <subcommand>' for detailed help."))
    }

    func testLongOptionLabelsWrapToTheirOwnLine() throws {
        let run = try CLIHarness().run("help", "report")
        XCTAssertTrue(run.stdout.contains("  --format <format>       text, markdown or html (default: text).\n"))
        XCTAssertTrue(run.stdout.contains("USAGE: aemtli report [--store <path>]"))
    }

    func testPrintsTheVersionAndTheSwiftThatBuiltIt() throws {
        let run = try CLIHarness().run("--version")
        XCTAssertEqual(run.exitCode, .success)
        XCTAssertNotNil(AemtliCommand.version.range(of: #"^[0-9]+\.[0-9]+\.[0-9]+$"#, options: .regularExpression))
        let prefix = "aemtli \(AemtliCommand.version) (built with Swift "
        XCTAssertTrue(run.stdout.hasPrefix(prefix) && run.stdout.hasSuffix(")\n"), run.stdout)
        let series = run.stdout.dropFirst(prefix.count).dropLast(2)
        // The toolchain that runs the tests built them: its `swift --version` names the same series.
        let swift = try XCTUnwrap(
            (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/swift" }.first {
                FileManager.default.isExecutableFile(atPath: $0)
            }, "no swift on the PATH to compare with")
        let text = try ChildProcess.run(swift, ["--version"]).output
        let toolchain = try XCTUnwrap(
            text.range(of: #"Swift version [0-9]+\.[0-9]+"#, options: .regularExpression).map { text[$0] }, text)
        XCTAssertEqual("Swift version \(series)", String(toolchain), "CompilerVersion needs a line for \(text)")
    }
}
