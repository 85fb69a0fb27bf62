import AemtliCLI
import Foundation
import XCTest

/// The history on the site (issue #16): what a member page, the dashboard, the wall and the chart
/// show with a journal, and without one.
final class HistoryPagesTests: XCTestCase {
    let now = ["--now", "2026-11-18T10:00:00+01:00", "--time-zone", "Europe/Zurich"]

    func testWithoutAJournalThePagesSayHistoryBeginsWithTheFirstSync() throws {
        let harness = try CLIHarness()
        XCTAssertEqual(harness.run(["build"] + now).exitCode, .success)
        let page = try harness.read("_site/members/anna.html")
        XCTAssertTrue(page.contains("<p class=\"empty\">History begins with the first &#39;aemtli sync&#39;"), page)
        XCTAssertFalse(page.contains("<table class=\"history\">"), "never invented numbers")
        XCTAssertFalse(try harness.read("_site/index.html").contains("history-summary"))
    }

    func testWithAJournalAMemberPageHasTheWeeksTheChartAndTheStreaks() throws {
        let harness = try CLIHarness()
        XCTAssertEqual(
            harness.run(
                [
                    "demo-store", "--members", "3", "--chores", "12", "--seed", "2", "--history-weeks", "6", "--out",
                    "store",
                ] + now
            ).exitCode, .success)
        let build = harness.run(["build"] + now)
        XCTAssertEqual(build.exitCode, .success, build.stderr)
        let page = try harness.read("_site/members/anna.html")
        XCTAssertTrue(page.contains(#"<h2 id="history">Last 8 weeks</h2>"#))
        XCTAssertTrue(
            page.contains(#"<th scope="col"><abbr title="2026-W47">W47</abbr></th>"#),
            "the current week is the last column")
        XCTAssertTrue(
            page.contains(
                #"<svg viewBox="0 0 256 80" width="256" height="80" role="img" aria-label="Share of chores done each week: 2026-W40: "#
            ), page)
        XCTAssertTrue(
            page.contains(#"<tr><th scope="row">2026-W46</th><td>2/2 (100%)</td></tr>"#),
            "the chart's numbers as a table")
        let index = try harness.read("_site/index.html")
        XCTAssertTrue(
            index.contains(#"<p class="history-summary">Last week: 2 of 2 done (100%) · 🔥 6 in a row: Hausaufgaben 9"#),
            index)
        XCTAssertTrue(
            try harness.read("_site/wall.html").contains(#"<span class="wall-history">Last week: 2 of 2 done (100%)"#))
        XCTAssertTrue(
            try harness.read("_site/reports/2026-W47.html").contains(
                #"<p class="last-week"><strong>Last week:</strong> 2 of 2 done (100%)</p>"#))
    }
}
