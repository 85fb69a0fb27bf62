import AemtliCLI
import Foundation
import XCTest

/// The history on the site (issue #16): what a member page, the dashboard, the wall and the chart
/// show with a journal, and without one.
final class HistoryPagesTests: XCTestCase {
    let now = ["--now", "2026-11-18T10:00:00+01:00", "--time-zone", "Europe/Zurich"]

    /// A harness with the demo family of three and its journal of `historyWeeks` weeks in `store`.
    private func demoStore(historyWeeks: Int) throws -> CLIHarness {
        let harness = try CLIHarness()
        let arguments = ["--members", "3", "--chores", "12", "--seed", "2", "--history-weeks", "\(historyWeeks)"]
        XCTAssertEqual(harness.run(["demo-store"] + arguments + ["--out", "store"] + now).exitCode, .success)
        return harness
    }

    func testWithoutAJournalThePagesSayHistoryBeginsWithTheFirstSync() throws {
        let harness = try CLIHarness()
        XCTAssertEqual(harness.run(["build"] + now).exitCode, .success)
        let page = try harness.read("_site/members/anna.html")
        XCTAssertTrue(page.contains("<p class=\"empty\">History begins with the first &#39;aemtli sync&#39;"), page)
        XCTAssertFalse(page.contains("<table class=\"history\">"), "never invented numbers")
        XCTAssertFalse(try harness.read("_site/index.html").contains("history-summary"))
    }

    func testWithAJournalAMemberPageHasTheWeeksTheChartAndTheStreaks() throws {
        let harness = try demoStore(historyWeeks: 10)
        let build = harness.run(["build"] + now)
        XCTAssertEqual(build.exitCode, .success, build.stderr)
        let page = try harness.read("_site/members/anna.html")
        XCTAssertTrue(page.contains(#"<h2 id="history">Last 8 weeks</h2>"#))
        XCTAssertFalse(page.contains("history-since"), "a journal older than the weeks shows them all")
        XCTAssertTrue(page.contains(#"<th scope="col"><abbr title="2026-W40">W40</abbr></th>"#), "eight weeks")
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
        // The legend, under the table that scrolls sideways on a phone, breaks between its items
        // only, never inside "○ open" (issue #37).
        XCTAssertTrue(
            page.contains(
                "<p class=\"history-legend\">✓\u{A0}on\u{A0}time\u{A0}· !\u{A0}late\u{A0}· ✗\u{A0}missed\u{A0}· ·\u{A0}unknown\u{A0}· ○\u{A0}open</p>"
            ), page)
        let index = try harness.read("_site/index.html")
        XCTAssertTrue(
            index.contains(#"<p class="history-summary">Last week: 2 of 2 done (100%) · 🔥 6 in a row: Hausaufgaben 9"#),
            index)
        XCTAssertTrue(
            try harness.read("_site/wall.html").contains(
                #"<p class="wall-history"><span class="wall-badge" dir="auto">Last week: 2 of 2 done (100%)</span>"#))
        XCTAssertTrue(
            try harness.read("_site/reports/2026-W47.html").contains(
                #"<p class="last-week"><strong>Last week:</strong> 2 of 2 done (100%)</p>"#))
    }

    /// Right after the first sync (Wednesday 18 November, 08:00), the weeks before it are not
    /// drawn: a line says since when history is kept, and the one week left is the current one.
    func testOnTheDayOfTheFirstSyncThePageSaysSinceWhenAndDrawsNoWeekBefore() throws {
        let harness = try demoStore(historyWeeks: 1)
        try harness.write("store/history/done.jsonl", "{\"sync\":1794985200000}\n")
        XCTAssertEqual(harness.run(["build"] + now).exitCode, .success)
        let page = try harness.read("_site/members/anna.html")
        XCTAssertTrue(
            page.contains(
                #"<p class="empty history-since">History since the first sync on Wednesday, 18 November.</p>"#),
            page)
        XCTAssertTrue(page.contains(#"<th scope="col"><abbr title="2026-W47">W47</abbr></th>"#))
        XCTAssertFalse(page.contains("W46"), "no week before the first sync, in the grid or the chart")
        XCTAssertFalse(page.contains("Week 46:"))
        XCTAssertTrue(page.contains(#"aria-label="Share of chores done each week: 2026-W47: "#), page)

        XCTAssertEqual(harness.run(["build", "--lang", "de", "--out", "de"] + now).exitCode, .success)
        XCTAssertTrue(
            try harness.read("de/members/anna.html").contains(
                "Verlauf seit der ersten Synchronisierung am Mittwoch, 18. November."))
    }

    /// A journal that began within the weeks (six weeks ago, Wednesday 7 October): the weeks from
    /// the first sync's on are drawn as before, the one before it is not.
    func testAJournalYoungerThanTheWeeksDrawsTheWeeksSinceItsFirstSync() throws {
        let harness = try demoStore(historyWeeks: 6)
        XCTAssertEqual(harness.run(["build"] + now).exitCode, .success)
        let page = try harness.read("_site/members/anna.html")
        XCTAssertTrue(page.contains("History since the first sync on Wednesday, 7 October."), page)
        XCTAssertFalse(page.contains("W40"))
        XCTAssertTrue(
            page.contains(#"aria-label="Share of chores done each week: 2026-W41: 100%, 2026-W42: 100%"#), page)
        XCTAssertTrue(page.contains(#"<tr><th scope="row">2026-W46</th><td>2/2 (100%)</td></tr>"#))
    }
}
