import AemtliCLI
import Foundation
import XCTest

/// `--templates DIR` as a family uses it: files that override, files that match nothing, and
/// files that are not files.
final class TemplateOverridesTests: XCTestCase {
    let now = ["--now", "2026-03-25T10:00:00+01:00", "--time-zone", "Europe/Zurich"]

    func testAFileThatMatchesNoTemplateIsAWarningWithTheClosestName() throws {
        let harness = try CLIHarness()
        try harness.write("tpl/Dashboard.mustache", "{{<layout}}{{/layout}}\n")
        try harness.write("tpl/index.mustache", "<p>mine</p>\n")
        let run = harness.run(["build", "--templates", "tpl"] + now)
        XCTAssertEqual(run.exitCode, .success, run.stderr)
        XCTAssertTrue(
            run.stderr.contains(
                "aemtli: warning: tpl/Dashboard.mustache matches no template, so it is not used; did you mean 'dashboard.mustache'?\n"
            ), run.stderr)
        XCTAssertTrue(
            run.stderr.contains(
                "aemtli: warning: tpl/index.mustache matches no template, so it is not used; index.html is made from 'dashboard.mustache'.\n"
            ), run.stderr)
        XCTAssertTrue(
            try harness.read("_site/index.html").contains("<h1>Family dashboard</h1>"), "the built-in dashboard is used"
        )
    }

    func testAFolderNamedLikeATemplateIsAnIOErrorNamingIt() throws {
        let harness = try CLIHarness()
        try FileManager.default.createDirectory(
            at: harness.directory.appendingPathComponent("tpl/dashboard.mustache"), withIntermediateDirectories: true)
        let run = harness.run(["build", "--templates", "tpl"] + now)
        XCTAssertEqual(run.exitCode, .ioError)
        XCTAssertTrue(
            run.stderr.hasSuffix(
                "\naemtli: error: the build step 'load templates' failed: cannot read \"tpl/dashboard.mustache\": it is a folder, not a file.\n"
            ), run.stderr)
    }

    func testATemplatesFolderThatIsAFileSaysSo() throws {
        let harness = try CLIHarness()
        try harness.write("tpl", "not a folder\n")
        let run = harness.run(["report", "--format", "html", "--templates", "tpl"] + now)
        XCTAssertEqual(run.exitCode, .ioError)
        XCTAssertEqual(run.stderr, "aemtli: error: cannot read \"tpl\": it is a file, not a folder.\n")
    }

    func testARenderErrorNamesTheFileTheFamilyEdited() throws {
        let harness = try CLIHarness()
        try harness.write("tpl/member-card.mustache", "{{>member-card}}\n")
        let run = harness.run(["build", "--templates", "tpl"] + now)
        XCTAssertEqual(run.exitCode, .dataError)
        XCTAssertTrue(
            run.stderr.contains(
                "\naemtli: error: the build step 'render feeds, charts and pages' failed: tpl/member-card.mustache:1:1: partials nest deeper"
            ), run.stderr)
    }
}
