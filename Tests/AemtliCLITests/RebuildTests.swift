import Foundation
import XCTest

@testable import AemtliApp

/// A rebuild renders every file again and writes only those whose bytes differ from the folder's.
final class RebuildTests: XCTestCase {
    let now = ["--now", "2026-03-25T10:00:00+01:00", "--time-zone", "Europe/Zurich"]
    static let store =
        #"{"members": [{"id": "M1", "name": "Anna", "role": "child"}], "chores": [{"id": "C1", "title": "Tisch decken", "assignedTo": "M1", "dueDate": "2026-03-20T18:00:00+01:00", "isDone": false, "recurrence": "daily", "createdAt": "2026-03-01T00:00:00Z"}]}"#
    let unchangedLine = "Built _site: 0 written, 13 unchanged, 0 removed.\n"

    func harnessWithABuild() throws -> CLIHarness {
        let harness = try CLIHarness()
        try harness.write("store/s.json", Self.store)
        let first = harness.run(["build"] + now)
        XCTAssertEqual(first.stdout, "Built _site: 13 written, 0 unchanged, 0 removed.\n", first.stderr)
        return harness
    }

    func testARebuildWithTheSameInputsWritesOnlyWhatDiffers() throws {
        let harness = try harnessWithABuild()
        XCTAssertEqual(harness.run(["build"] + now).stdout, unchangedLine)
        // The same size, one byte different: found by comparing the contents.
        let feed = try harness.read("_site/feeds/anna.ics")
        try harness.write("_site/feeds/anna.ics", String(feed.dropLast()) + "X")
        XCTAssertEqual(harness.run(["build"] + now).stdout, "Built _site: 1 written, 12 unchanged, 0 removed.\n")
        XCTAssertEqual(try harness.read("_site/feeds/anna.ics"), feed)
    }

    func testAnotherNowOrStoreOrSettingWritesAgain() throws {
        let harness = try harnessWithABuild()
        func rendersAgain(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) {
            let run = harness.run(["build"] + arguments)
            // Rendered, and at least one file differs (which ones depends on the change).
            XCTAssertTrue(
                run.stdout.hasPrefix("Built _site: ") && !run.stdout.hasPrefix("Built _site: 0 written")
                    && run.stdout != unchangedLine, run.stdout, file: file, line: line)
        }
        rendersAgain(["--now", "2026-03-25T10:00:01+01:00", "--time-zone", "Europe/Zurich"])  // DTSTAMP moves
        rendersAgain(now)
        rendersAgain(["--lang", "de"] + now)
        try harness.write("store/s.json", Self.store.replacingOccurrences(of: "Tisch decken", with: "Abwaschen"))
        rendersAgain(["--lang", "de"] + now)
        try harness.write("aemtli.json", #"{"eventMinutes": 45}"#)
        rendersAgain(["--lang", "de"] + now)
        XCTAssertEqual(harness.run(["build", "--lang", "de"] + now).stdout, unchangedLine)
    }

    func testAJournalWritesThePagesItChanges() throws {
        let harness = try harnessWithABuild()
        try harness.write("store/history/done.jsonl", #"{"sync":1774400000000}"# + "\n")
        XCTAssertNotEqual(harness.run(["build"] + now).stdout, unchangedLine)
        XCTAssertEqual(harness.run(["build"] + now).stdout, unchangedLine)
    }

    func testTwoBuildsOfTheSameInputsWriteTheSameManifest() throws {
        let harness = try harnessWithABuild()
        XCTAssertEqual(harness.run(["build", "--out", "other"] + now).exitCode, .success)
        XCTAssertEqual(try harness.read("other/.aemtli-manifest"), try harness.read("_site/.aemtli-manifest"))
        XCTAssertTrue(try harness.read("_site/.aemtli-manifest").contains("\nfeeds/anna.ics\n"))
    }

    func testAnEditedOrMissingOutputFileIsWrittenAgain() throws {
        let harness = try harnessWithABuild()
        let feed = try harness.read("_site/feeds/anna.ics")
        try harness.write("_site/feeds/anna.ics", "edited by hand")
        XCTAssertEqual(harness.run(["build"] + now).stdout, "Built _site: 1 written, 12 unchanged, 0 removed.\n")
        XCTAssertEqual(try harness.read("_site/feeds/anna.ics"), feed)
        try FileManager.default.removeItem(at: harness.directory.appendingPathComponent("_site/index.html"))
        XCTAssertEqual(harness.run(["build"] + now).stdout, "Built _site: 1 written, 12 unchanged, 0 removed.\n")
        XCTAssertEqual(harness.run(["build"] + now).stdout, unchangedLine)
    }

    func testAChangedTemplateOverrideWritesAgain() throws {
        let harness = try harnessWithABuild()
        try harness.write("mine/feed-link.mustache", "<a href=\"{{href}}\">{{label}}</a>")
        XCTAssertTrue(harness.run(["build", "--templates", "mine"] + now).stdout.contains("written"))
        XCTAssertEqual(harness.run(["build", "--templates", "mine"] + now).stdout, unchangedLine)
        try harness.write("mine/feed-link.mustache", "<a href=\"{{href}}\">Feed: {{label}}</a>")
        let run = harness.run(["build", "--templates", "mine"] + now)
        XCTAssertTrue(run.stdout.hasPrefix("Built _site: 2 written"), run.stdout)  // the dashboard and Anna's page
    }

    func testAStoreWithWarningsShowsThemAtEveryBuild() throws {
        let harness = try CLIHarness()
        try harness.write(
            "store/s.json",
            Self.store.replacingOccurrences(of: #""recurrence": "daily""#, with: #""recurrence": "hourly""#))
        XCTAssertTrue(harness.run(["build"] + now).stderr.contains("hourly"))
        let again = harness.run(["build"] + now)
        XCTAssertTrue(again.stderr.contains("hourly"), again.stderr)
        XCTAssertEqual(again.stdout, "Built _site: 0 written, 13 unchanged, 0 removed.\n")
    }
}
