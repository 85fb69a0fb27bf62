import AemtliCLI
import Foundation
import XCTest

/// The completion scripts `.deploy/package` installs, run by the real bash and zsh: a line typed so
/// far goes in, the words the shell would offer come out. Expected words come from the command
/// table, walked here on its own, so each command and each option is checked.
final class CompletionScriptTests: XCTestCase {
    var harness: CLIHarness!

    override func setUpWithError() throws {
        harness = try CLIHarness()
        for shell in ["bash", "zsh"] {
            let run = harness.run("--generate-completion-script", shell)
            XCTAssertEqual(run.exitCode, .success)
            try harness.write("completion.\(shell)", run.stdout)
        }
        // Something for file and folder completion to find.
        try harness.write("store/family.json", "{}")
        try harness.write("stores.json", "{}")
    }

    /// What bash offers for `line` (the cursor at its end), with the script loaded as
    /// bash-completion loads it, and the candidates filtered by the word at the cursor as bash does.
    func bash(_ line: String, file: StaticString = #filePath, codeLine: UInt = #line) throws -> [String] {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: "/bin/bash"), "bash is not on this machine")
        let script = """
            source completion.bash
            read -ra COMP_WORDS <<<"$1"
            [[ $1 == *" " ]] && COMP_WORDS+=("")
            COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
            _aemtli
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        return try run("/bin/bash", ["-c", script, "bash", line], file: file, line: codeLine)
    }

    /// What zsh's `_aemtli` hands to `compadd` (all the candidates: zsh filters them itself) or
    /// `<files>` and `<dirs>` for its `_files`.
    func zsh(_ line: String, file: StaticString = #filePath, codeLine: UInt = #line) throws -> [String] {
        let zsh = try Self.zsh()
        let script = """
            compdef() { [ "$*" = "_aemtli aemtli" ] || print "compdef $*"; }
            source ./completion.zsh
            compadd() { [ "$1" = -- ] && shift; print -l -- "$@"; }
            _files() { [ "$1" = -/ ] && print '<dirs>' || print '<files>'; }
            words=(${(z)1})
            [[ $1 == *' ' ]] && words+=('')
            CURRENT=${#words}
            _aemtli
            """
        return try run(zsh, ["-f", "-c", script, "zsh", line], file: file, line: codeLine)
    }

    /// zsh, or a skip. Called first in each test that uses it: a skip thrown inside an assertion's
    /// expression is counted as that assertion's error, not as a skip.
    static func zsh() throws -> String {
        let zsh = ["/usr/bin/zsh", "/bin/zsh"].first { FileManager.default.isExecutableFile(atPath: $0) }
        try XCTSkipIf(zsh == nil, "zsh is not on this machine")
        return zsh ?? ""
    }

    func run(_ shell: String, _ arguments: [String], file: StaticString, line: UInt) throws -> [String] {
        let run = try ChildProcess.run(shell, arguments, in: harness.directory)
        XCTAssertEqual(run.errors, "", file: file, line: line)
        XCTAssertEqual(run.status, 0, file: file, line: line)
        return run.output.split(separator: "\n").map(String.init)
    }

    func testEveryCommandOffersItsSubcommandsAndItsOptionsInBash() throws {
        try assertEveryCommandOffersItsSubcommandsAndOptions(bash)
    }

    func testEveryCommandOffersItsSubcommandsAndItsOptionsInZsh() throws {
        _ = try Self.zsh()
        try assertEveryCommandOffersItsSubcommandsAndOptions(zsh)
    }

    func assertEveryCommandOffersItsSubcommandsAndOptions(
        _ complete: (String, StaticString, UInt) throws -> [String]
    ) throws {
        let commands = [([String](), AemtliCommand.root)] + ManPageTests.commands(below: AemtliCommand.root)
        XCTAssertGreaterThanOrEqual(commands.count, 20)
        for (path, command) in commands {
            let typed = (["aemtli"] + path).joined(separator: " ")
            let options =
                command.options.map { "--" + $0.name } + (path.isEmpty ? ["--version"] : []) + ["-h", "--help"]
            if !command.subcommands.isEmpty {
                XCTAssertEqual(try complete(typed + " ", #filePath, #line), command.subcommands.map(\.name), typed)
            }
            XCTAssertEqual(Set(try complete(typed + " -", #filePath, #line)), Set(options), typed)
        }
    }

    func testBashCompletesTheWordAtTheCursor() throws {
        XCTAssertEqual(try bash("aemtli sync lo"), ["login", "logout"])
        XCTAssertEqual(try bash("aemtli help se"), ["serve"])
        XCTAssertEqual(try bash("aemtli help sync l"), ["login", "logout"])
        XCTAssertEqual(try bash("aemtli build --now 2026-03-01 --st"), ["--store", "--strict"])
        XCTAssertEqual(try bash("aemtli build --lang=de --l"), ["--lang"])
    }

    /// Each option's value: its choices (which differ between commands), a file, a folder or
    /// nothing at all for a date.
    func testOptionValuesAndArgumentsCompleteAsTheirKind() throws {
        XCTAssertEqual(try bash("aemtli report --format "), ["text", "markdown", "html"])
        XCTAssertEqual(try bash("aemtli agenda --format t"), ["text", "tsv"])
        XCTAssertEqual(try bash("aemtli build --lang "), ["en", "de", "fr", "it"])
        XCTAssertEqual(try bash("aemtli sync --environment d"), ["development"])
        XCTAssertEqual(try bash("aemtli build --store st").sorted(), ["store", "stores.json"])
        XCTAssertEqual(try bash("aemtli template export st"), ["store"])
        XCTAssertEqual(try bash("aemtli template render --data stores"), ["stores.json"])
        XCTAssertEqual(try bash("aemtli build --now "), [])
    }

    func testOptionValuesAndArgumentsCompleteAsTheirKindInZsh() throws {
        _ = try Self.zsh()
        XCTAssertEqual(try zsh("aemtli report --format "), ["text", "markdown", "html"])
        XCTAssertEqual(try zsh("aemtli build --store "), ["<files>"])
        XCTAssertEqual(try zsh("aemtli template export "), ["<dirs>"])
        XCTAssertEqual(try zsh("aemtli build --now "), [])
    }

    func testZshLoadsItAsCompinitDoes() throws {
        _ = try Self.zsh()
        let text = try harness.read("completion.zsh")
        XCTAssertTrue(text.hasPrefix("#compdef aemtli\n"), "compinit finds a completion by its first line")
        // Sourced, the file registers itself; compdef says nothing in zsh() unless it is called otherwise.
        XCTAssertEqual(try zsh("aemtli ").last, "help")
    }

    func testAShellItDoesNotKnowIsAUsageError() throws {
        let run = harness.run("--generate-completion-script", "fish")
        XCTAssertEqual(run.exitCode, .usage)
        XCTAssertTrue(
            run.stderr.hasPrefix(
                "aemtli: error: 'fish' is not a valid value for '--generate-completion-script'; write bash or zsh.\n"),
            run.stderr)
        XCTAssertEqual(harness.run("--generate-completion-script").exitCode, .usage)
    }
}
