import AemtliCLI
import XCTest

/// "Did you mean …?" for the slip a hand makes most, two neighbouring letters swapped: one edit
/// wherever aemtli suggests a word (commands, subcommands, help, flags, choices, configuration
/// keys), and still nothing for a word that is far from every one.
final class SuggestionTests: XCTestCase {
    func testASwapOfTwoNeighbouringLettersGetsTheWordMeantEverywhere() throws {
        // Each was suggested nothing before. "sever" moved the r past two letters, two edits in
        // any measure, which a five-letter word now allows; the rest are one swap of neighbours,
        // two edits under Levenshtein, which allowed one for a word of up to five letters.
        let table: [(arguments: [String], firstLine: String)] = [
            (["sever"], "aemtli: error: unknown command 'sever'; did you mean 'serve'?"),
            (["biuld"], "aemtli: error: unknown command 'biuld'; did you mean 'build'?"),
            (["sycn"], "aemtli: error: unknown command 'sycn'; did you mean 'sync'?"),
            (["serve", "pari"], "aemtli: error: unknown command 'pari'; did you mean 'pair'?"),
            (["help", "sever"], "aemtli: error: unknown command 'sever'; did you mean 'serve'?"),
            (["check", "--nwo", "2026-11-22"], "aemtli: error: unknown option '--nwo'; did you mean '--now'?"),
            (
                ["report", "--format", "thml"],
                "aemtli: error: 'thml' is not a valid value for '--format'; write text, markdown or html (did you mean 'html'?)."
            ),
        ]
        for (arguments, firstLine) in table {
            let run = try CLIHarness().run(arguments)
            XCTAssertEqual(run.exitCode, .usage, "\(arguments)")
            XCTAssertEqual(run.stderr.split(separator: "\n").first.map(String.init), firstLine, "\(arguments)")
        }
    }

    func testAConfigurationKeyWithTwoLettersSwappedNamesTheKeyMeant() throws {
        // "otu" is two Levenshtein edits from "out" (three letters allow one): now one, so an error.
        let harness = try CLIHarness()
        try harness.write("aemtli.json", #"{"otu": "public"}"#)
        let run = harness.run("check", "--now", "2026-11-22")
        XCTAssertEqual(run.exitCode, .configuration)
        XCTAssertEqual(
            run.stderr,
            #"aemtli: error: aemtli.json: "otu" is not a setting aemtli knows but looks like a slip for "out", so the file is not used; spell it "out"."#
                + "\n")
    }

    func testAWordFarFromEveryOneGetsNoSuggestion() throws {
        // "pear" is two substitutions from "pair", too many for four letters; the others are
        // farther than a third of their length from every command and option.
        let table: [(arguments: [String], firstLine: String)] = [
            (["paint"], "aemtli: error: unknown command 'paint'."),
            (["serve", "pear"], "aemtli: error: unknown command 'pear'."),
            (["check", "--colour"], "aemtli: error: unknown option '--colour'."),
        ]
        for (arguments, firstLine) in table {
            let run = try CLIHarness().run(arguments)
            XCTAssertEqual(run.exitCode, .usage, "\(arguments)")
            XCTAssertEqual(run.stderr.split(separator: "\n").first.map(String.init), firstLine, "\(arguments)")
        }
    }
}
