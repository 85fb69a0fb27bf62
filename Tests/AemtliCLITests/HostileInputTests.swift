import AemtliCLI
import Files
import Foundation
import XCTest

/// Record text is hostile input: a child's phone can edit any title and any name. Each test here
/// is a reproducer from the hostile-input run (issue #17) that failed before its fix.
final class HostileInputTests: XCTestCase {
    let now = ["--now", "2026-03-25T10:00:00+01:00", "--time-zone", "Europe/Zurich"]

    /// Two members and three chores, two of them assigned; `name` is the first member's name.
    func store(name: String, title: String = "Tisch decken") -> String {
        #"""
        {"members": [{"id": "M1", "name": \#(quoted(name)), "role": "child"}, {"id": "M2", "name": "Max", "role": "child"}],
         "chores": [{"id": "C1", "title": \#(quoted(title)), "assignedTo": "M1", "dueDate": "2026-03-20T18:00:00+01:00", "isDone": false, "recurrence": "daily", "createdAt": "2026-03-01T00:00:00Z"},
                    {"id": "C2", "title": "Fenster", "assignedTo": "M2", "dueDate": "2026-03-24T09:00:00+01:00", "isDone": false, "recurrence": "once", "createdAt": "2026-03-01T00:00:00Z"},
                    {"id": "C3", "title": "Keller", "dueDate": "2026-03-26T09:00:00+01:00", "isDone": false, "recurrence": "weekly", "createdAt": "2026-03-01T00:00:00Z"}]}
        """#
    }

    func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case _ where scalar.value < 0x20: result += String(format: "\\u%04X", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    func events(in feed: String) -> Int {
        feed.components(separatedBy: "BEGIN:VEVENT").count - 1
    }

    func testAMemberNamedFamilyLeavesTheFamilyFeedWhole() throws {
        let harness = try CLIHarness()
        try harness.write("store/s.json", store(name: "Family"))
        let run = harness.run(["build"] + now)
        XCTAssertEqual(run.exitCode, .success, run.stderr)
        XCTAssertEqual(events(in: try harness.read("_site/feeds/family.ics")), 3, "the family feed has every chore")
        XCTAssertEqual(
            events(in: try harness.read("_site/feeds/family-2.ics")), 1, "the member's own feed is beside it")
        XCTAssertTrue(try harness.read("_site/index.html").contains(#"href="members/family-2.html""#))
    }

    func testAMemberNameOf256LettersBuildsTheSite() throws {
        let harness = try CLIHarness()
        try harness.write("store/s.json", store(name: String(repeating: "A", count: 256)))
        let run = harness.run(["build"] + now)
        XCTAssertEqual(run.exitCode, .success, run.stderr)
        XCTAssertTrue(harness.files(in: "_site").contains("members/" + String(repeating: "a", count: 64) + ".html"))
    }

    /// The title from the hostile run: clears the screen and renames the terminal's window.
    let screenClearing = "\u{1B}[2J\u{1B}]0;pwned\u{07} dishes"
    let shown = #"\u{1B}[2J\u{1B}]0;pwned\u{7} dishes"#

    func assertNoRawControls(_ text: String, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        let raw = text.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) }
        XCTAssertEqual(raw.map(\.value), [], "\(what) has raw control characters", file: file, line: line)
    }

    func testControlCharactersInRecordTextNeverReachTheTerminalRaw() throws {
        let harness = try CLIHarness()
        try harness.write("store/s.json", store(name: "Anna\u{9B}31m\u{0}\r", title: screenClearing))
        for format in ["text", "tsv"] {
            let run = harness.run(["agenda", "--from", "2026-03-20", "--to", "2026-03-27", "--format", format] + now)
            XCTAssertEqual(run.exitCode, .success, run.stderr)
            XCTAssertTrue(run.stdout.contains(shown), run.stdout)
            assertNoRawControls(run.stdout.replacingOccurrences(of: "\t", with: " "), "agenda --format \(format)")
        }
        // The text chart cuts the title to its column; Markdown escapes the backslashes it shows.
        for (format, title) in [
            ("text", #"│ \u{1B}[2J\u{1B}]0;pwned\u{7} dish… │"#),
            ("markdown", #"| \\u{1B}\[2J\\u{1B}\]0;pwned\\u{7} dishes |"#),
        ] {
            let run = harness.run(["report", "--format", format] + now)
            XCTAssertEqual(run.exitCode, .success, run.stderr)
            XCTAssertTrue(run.stdout.contains(title), run.stdout)
            XCTAssertTrue(run.stdout.contains(#"Anna\u{9B}31m\u{0}"#), run.stdout)
            assertNoRawControls(run.stdout, "report --format \(format)")
        }
    }

    func testWarningsAndErrorsShowControlCharactersFromRecordsAndFileNames() throws {
        let harness = try CLIHarness()
        try harness.write(
            "store/s.json",
            store(name: "Anna", title: screenClearing).replacingOccurrences(
                of: #""recurrence": "daily""#, with: #""recurrence": "\u001b[2Jyearly""#))
        let check = harness.run(["check"] + now)
        XCTAssertTrue(
            check.stderr.contains(
                #"aemtli: warning: store/s.json: Chore ""# + shown
                    + #"" (C1) has the unknown recurrence "\u{1B}[2Jyearly"; it is read as "once"."#), check.stderr)
        assertNoRawControls(check.stderr, "check's warnings")
        let missing = harness.run(["check", "--store", "evil\u{1B}]0;x\u{07}.json"] + now)
        XCTAssertEqual(missing.exitCode, .noInput)
        XCTAssertTrue(
            missing.stderr.hasPrefix(#"aemtli: error: the store "evil\u{1B}]0;x\u{7}.json" does not exist"#),
            missing.stderr)
        assertNoRawControls(missing.stderr, "the error")
    }

    func testAStoreSubFolderThatCannotBeListedIsAnErrorNamingItNotMissingChores() throws {
        let harness = try CLIHarness()
        try harness.write("store/a.json", store(name: "Anna"))
        try harness.write("store/locked/b.json", #"{"records": []}"#)
        // Root reads any folder, so the refusal comes through the file seam, as a chmod 000 would.
        var files = FileIO.local
        let listing = files.names
        files.names = { path in
            if path.hasSuffix("/locked") {
                throw CocoaError(
                    .fileReadNoPermission,
                    userInfo: [NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(EACCES))])
            }
            return try listing(path)
        }
        let run = harness.run(["build"] + now, files: files)
        XCTAssertEqual(run.exitCode, .ioError)
        XCTAssertTrue(
            run.stderr.contains(
                #"aemtli: error: the build step 'read the store' failed: cannot read "store/locked": Permission denied."#
            ), run.stderr)
        XCTAssertEqual(harness.files(in: "_site"), [], "nothing written")
    }

    /// Found in review: a sync time of -2^63 made the gap between two syncs overflow (SIGILL).
    func testAJournalLineWithAnExtremeTimeIsAWarningNotACrash() throws {
        let harness = try CLIHarness()
        XCTAssertEqual(
            harness.run(
                ["demo-store", "--out", "store", "--members", "2", "--chores", "4", "--history-weeks", "2"] + now
            ).exitCode, .success)
        let journal = try harness.read("store/history/done.jsonl")
        try harness.write(
            "store/history/done.jsonl",
            #"{"sync": -9223372036854775808}"# + "\n" + #"{"chore": "X", "event": "done", "at": 9223372036854775807}"#
                + "\n" + journal)
        for command in [["build"], ["history", "--format", "tsv"]] {
            let run = harness.run(command + now)
            XCTAssertEqual(run.exitCode, .success, run.stderr)
            XCTAssertTrue(
                run.stderr.contains(
                    "aemtli: warning: store/history/done.jsonl:1: the journal line has a sync time '-9223372036854775808' that is not milliseconds between the years 1900 and 2999; it is skipped."
                ), run.stderr)
            XCTAssertTrue(
                run.stderr.contains("store/history/done.jsonl:2: the journal line has a time '9223372036854775807'"),
                run.stderr)
        }
    }
}
