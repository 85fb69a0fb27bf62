import AemtliCLI
import XCTest

/// Usage errors: one sentence, the usage line, a hint, exit code 64.
final class UsageErrorTests: XCTestCase {
    func testSuggestsTheCommandMeantForATypo() throws {
        let run = try CLIHarness().run("chek")
        XCTAssertEqual(run.exitCode, .usage)
        XCTAssertEqual(
            run.stderr,
            """
            aemtli: error: unknown command 'chek'; did you mean 'check'?
            Usage: aemtli <subcommand>
              See 'aemtli --help' for more information.

            """)
        XCTAssertEqual(run.stdout, "")
    }

    func testSuggestsTheOptionMeantForATypo() throws {
        let run = try CLIHarness().run("check", "--stroe", "x")
        XCTAssertEqual(run.exitCode, .usage)
        XCTAssertEqual(
            run.stderr,
            """
            aemtli: error: unknown option '--stroe'; did you mean '--store'?
            Usage: aemtli check [--store <path>] [--config <file>] [--now <date-time>] [--time-zone <zone>] [--strict]
              See 'aemtli check --help' for more information.

            """)
    }

    func testSaysNothingMoreWhenNothingIsClose() throws {
        let run = try CLIHarness().run("check", "--frobnicate")
        XCTAssertTrue(run.stderr.hasPrefix("aemtli: error: unknown option '--frobnicate'.\n"))
        let unknown = try CLIHarness().run("xyzzy")
        XCTAssertTrue(unknown.stderr.hasPrefix("aemtli: error: unknown command 'xyzzy'.\n"))
    }

    func testRejectsAnOptionWithoutItsValue() throws {
        let run = try CLIHarness().run("check", "--store")
        XCTAssertEqual(run.exitCode, .usage)
        XCTAssertTrue(run.stderr.hasPrefix("aemtli: error: the option '--store <path>' needs a value.\n"))
    }

    func testRejectsAValueOutsideTheChoices() throws {
        let run = try CLIHarness().run("report", "--format", "htm")
        XCTAssertEqual(run.exitCode, .usage)
        XCTAssertTrue(
            run.stderr.hasPrefix(
                "aemtli: error: 'htm' is not a valid value for '--format'; write text, markdown or html (did you mean 'html'?).\n"
            ), run.stderr)
    }

    func testALanguageAemtliDoesNotWriteNamesTheFour() throws {
        let run = try CLIHarness().run("agenda", "--lang", "es")
        XCTAssertEqual(run.exitCode, .usage)
        XCTAssertTrue(
            run.stderr.hasPrefix("aemtli: error: 'es' is not a valid value for '--lang'; write en, de, fr or it.\n"),
            run.stderr)
    }

    /// Two-letter codes are all close in spelling, so a language's name or region is what suggests one.
    func testALanguagesNameOrRegionSuggestsItsCode() throws {
        for (value, code) in [("french", "fr"), ("fr-CH", "fr"), ("Italiano", "it"), ("deutsch", "de")] {
            let run = try CLIHarness().run("agenda", "--lang", value)
            XCTAssertEqual(run.exitCode, .usage, value)
            XCTAssertTrue(
                run.stderr.hasPrefix(
                    "aemtli: error: '\(value)' is not a valid value for '--lang'; write en, de, fr or it (did you mean '\(code)'?).\n"
                ), run.stderr)
        }
    }

    /// A port alone is the value's mistake, not the command line's: the sentence shows the address
    /// meant, with no usage line after it (before, the whole program's usage followed it).
    func testAListenAddressWithoutAHostIsABadValueNamingTheAddressMeant() throws {
        let run = try CLIHarness().run("serve", "--listen", "8081")
        XCTAssertEqual(run.exitCode, .usage)
        XCTAssertEqual(
            run.stderr,
            "aemtli: error: '8081' is not a valid value for '--listen'; write HOST:PORT, like 127.0.0.1:8081 (this machine only) or 0.0.0.0:8081 (a tablet too).\n"
        )
        XCTAssertEqual(run.stdout, "")
    }

    func testRejectsAValueGivenToAFlag() throws {
        let run = try CLIHarness().run("check", "--strict=yes")
        XCTAssertTrue(run.stderr.hasPrefix("aemtli: error: the flag '--strict' takes no value.\n"))
    }

    func testRejectsMissingAndExtraArguments() throws {
        let missing = try CLIHarness().run("template", "render")
        XCTAssertEqual(missing.exitCode, .usage)
        XCTAssertEqual(
            missing.stderr,
            """
            aemtli: error: missing the argument <template>.
            Usage: aemtli template render <template> [--data <json>] [--partials <dir>] [--escape <mode>]
              See 'aemtli template render --help' for more information.

            """)
        let extra = try CLIHarness().run("check", "store")
        XCTAssertTrue(extra.stderr.hasPrefix("aemtli: error: unexpected argument 'store'.\n"))
    }

    func testAcceptsOptionValuesAfterAnEqualsSign() throws {
        let run = try CLIHarness().run("check", "--now=2026-11-22", "--time-zone=Europe/Zurich")
        XCTAssertEqual(run.exitCode, .success, run.stderr)
    }
}
