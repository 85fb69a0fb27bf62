import Foundation
import XCTest

@testable import AemtliApp

/// A rebuild whose inputs are those of the last build, into a site left as it was, renders nothing.
final class RebuildTests: XCTestCase {
    let now = ["--now", "2026-03-25T10:00:00+01:00", "--time-zone", "Europe/Zurich"]
    static let store =
        #"{"members": [{"id": "M1", "name": "Anna", "role": "child"}], "chores": [{"id": "C1", "title": "Tisch decken", "assignedTo": "M1", "dueDate": "2026-03-20T18:00:00+01:00", "isDone": false, "recurrence": "daily", "createdAt": "2026-03-01T00:00:00Z"}]}"#
    let unchangedLine = "Built _site: nothing changed since the last build, 13 files left as they were.\n"

    func harnessWithABuild() throws -> CLIHarness {
        let harness = try CLIHarness()
        try harness.write("store/s.json", Self.store)
        let first = harness.run(["build"] + now)
        XCTAssertEqual(first.stdout, "Built _site: 13 written, 0 unchanged, 0 removed.\n", first.stderr)
        return harness
    }

    func testARebuildWithTheSameInputsRendersNothing() throws {
        let harness = try harnessWithABuild()
        let feed = try harness.read("_site/feeds/anna.ics")
        XCTAssertEqual(harness.run(["build"] + now).stdout, unchangedLine)
        XCTAssertEqual(try harness.read("_site/feeds/anna.ics"), feed)
        let timings = harness.run(["build", "--timings"] + now).stdout
        XCTAssertTrue(timings.contains("read the store"), timings)
        XCTAssertFalse(timings.contains("render feeds"), "later steps are skipped: \(timings)")
    }

    func testForceRendersEverythingAndWritesOnlyWhatDiffers() throws {
        let harness = try harnessWithABuild()
        XCTAssertEqual(
            harness.run(["build", "--force"] + now).stdout, "Built _site: 0 written, 13 unchanged, 0 removed.\n")
        // The same size, one byte different: found by comparing the contents.
        let feed = try harness.read("_site/feeds/anna.ics")
        try harness.write("_site/feeds/anna.ics", String(feed.dropLast()) + "X")
        XCTAssertEqual(
            harness.run(["build", "--force"] + now).stdout, "Built _site: 1 written, 12 unchanged, 0 removed.\n")
        XCTAssertEqual(try harness.read("_site/feeds/anna.ics"), feed)
    }

    func testAnotherNowOrStoreOrSettingRendersAgain() throws {
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

    func testALineAddedToTheJournalRendersAgain() throws {
        let harness = try harnessWithABuild()
        let journal = #"{"sync":1774400000000}"# + "\n"
        try harness.write("store/history/done.jsonl", journal)
        XCTAssertNotEqual(harness.run(["build"] + now).stdout, unchangedLine)
        XCTAssertEqual(harness.run(["build"] + now).stdout, unchangedLine)
        try harness.write("store/history/done.jsonl", journal + #"{"sync":1774400900000}"# + "\n")
        let run = harness.run(["build"] + now)
        XCTAssertTrue(run.stdout.hasPrefix("Built _site: ") && run.stdout != unchangedLine, run.stdout)
    }

    func testTwoBuildsOfTheSameInputsWriteTheSameManifest() throws {
        let harness = try harnessWithABuild()
        XCTAssertEqual(harness.run(["build", "--out", "other"] + now).exitCode, .success)
        XCTAssertEqual(try harness.read("other/.aemtli-manifest"), try harness.read("_site/.aemtli-manifest"))
        XCTAssertTrue(try harness.read("_site/.aemtli-manifest").hasPrefix("# inputs "))
    }

    func testAnEditedOrMissingOutputFileIsRenderedAgain() throws {
        let harness = try harnessWithABuild()
        let feed = try harness.read("_site/feeds/anna.ics")
        try harness.write("_site/feeds/anna.ics", "edited by hand")
        XCTAssertEqual(harness.run(["build"] + now).stdout, "Built _site: 1 written, 12 unchanged, 0 removed.\n")
        XCTAssertEqual(try harness.read("_site/feeds/anna.ics"), feed)
        try FileManager.default.removeItem(at: harness.directory.appendingPathComponent("_site/index.html"))
        XCTAssertEqual(harness.run(["build"] + now).stdout, "Built _site: 1 written, 12 unchanged, 0 removed.\n")
        XCTAssertEqual(harness.run(["build"] + now).stdout, unchangedLine)
    }

    func testAChangedTemplateOverrideRendersAgain() throws {
        let harness = try harnessWithABuild()
        try harness.write("mine/feed-link.mustache", "<a href=\"{{href}}\">{{label}}</a>")
        XCTAssertTrue(harness.run(["build", "--templates", "mine"] + now).stdout.contains("written"))
        XCTAssertEqual(harness.run(["build", "--templates", "mine"] + now).stdout, unchangedLine)
        try harness.write("mine/feed-link.mustache", "<a href=\"{{href}}\">Feed: {{label}}</a>")
        let run = harness.run(["build", "--templates", "mine"] + now)
        XCTAssertTrue(run.stdout.hasPrefix("Built _site: 2 written"), run.stdout)  // the dashboard and Anna's page
    }

    func testAStoreWithWarningsIsReadEveryTimeSoItsWarningsShowAgain() throws {
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

/// The rebuild fingerprint comes from the resolved settings, so no configuration key can be
/// forgotten there: changing any one renders again.
final class RebuildSettingsTests: XCTestCase {
    /// A changed value for every key `aemtli.json` knows; a new key fails the test until it is here.
    let changed: [String: String] = [
        "title": #""Familie Meier""#, "timeZone": #""Asia/Tokyo""#, "language": #""de""#,
        "baseURL": #""https://example.org/chores""#, "weekStart": #""sunday""#, "dueSoonDays": "5",
        "eventMinutes": "45", "reminderMinutes": "10", "refreshMinutes": "7", "privateFeeds": "true",
        "staleAfterMinutes": "30",
    ]
    /// Keys that only `aemtli sync` and `aemtli serve` read: the site does not depend on them.
    /// `out` and `store` say where, not what: the records and the folder's own files are compared as they are.
    let syncOnly: Set<String> = ["cloudkit", "syncEverySeconds", "serveHostNames", "ticks", "origins", "out", "store"]

    func testChangingAnyConfigurationKeyRendersAgain() throws {
        let harness = try CLIHarness()
        try harness.write("store/s.json", RebuildTests.store)
        let now = ["--now", "2026-03-25T10:00:00+01:00"]
        _ = harness.run(["build"] + now)
        XCTAssertTrue(
            harness.run(["build"] + now).stdout.contains("nothing changed"),
            "a second build with the same inputs renders nothing")
        for key in Configuration.knownKeys where !syncOnly.contains(key) {
            guard let value = changed[key] else {
                return XCTFail("no changed value for the configuration key \"\(key)\"")
            }
            try harness.write("aemtli.json", "{\"\(key)\": \(value)}")
            let run = harness.run(["build"] + now)
            XCTAssertEqual(run.exitCode, .success, run.stderr)
            XCTAssertFalse(
                run.stdout.contains("nothing changed"), "changing \"\(key)\" must render again: \(run.stdout)")
            XCTAssertTrue(
                harness.run(["build"] + now).stdout.contains("nothing changed"), "\"\(key)\" set, built twice")
        }
    }
}
