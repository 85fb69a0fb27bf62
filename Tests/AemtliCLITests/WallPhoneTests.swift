import Foundation
import XCTest

/// The wall on a phone (issue #32): narrower than 600px it is one column, so a chore's title has
/// the width of the screen and nothing scrolls sideways. Measured in headless Chromium at 390×844
/// (`HeadlessChromium`); without the tools that test is skipped, as on CI, and only the stylesheet
/// is checked.
final class WallPhoneTests: XCTestCase {
    let now = ["--now", "2026-11-18T10:00:00+01:00", "--time-zone", "Europe/Zurich"]

    func testThePhoneRuleMakesTheWallOneColumn() throws {
        let harness = try CLIHarness()
        XCTAssertEqual(harness.run(["build"] + now).exitCode, .success)
        let css = try harness.read("_site/assets/wall.css")
        guard let phone = css.range(of: "@media (max-width: 599.98px) {") else {
            return XCTFail("no rule for a phone in wall.css")
        }
        let rules = css[phone.upperBound...]
        XCTAssertTrue(
            rules.contains(".wall-columns { grid-template-columns: minmax(0, 1fr); grid-template-rows: none; }"))
        XCTAssertTrue(rules.contains(".wall-chore .title { hyphens: manual; overflow-wrap: anywhere; }"))
        XCTAssertFalse(css.contains("break-all"), "words break only when one is wider than the line")
    }

    /// The demo family (four members, twelve chores) and a family of four with a journal, whose
    /// streaks show under the name: at 390×844 the page is no wider than the screen and every
    /// chore's title is at least 200px wide (four columns gave each about 50).
    func testAtPhoneWidthTheWallNeverScrollsSidewaysAndTitlesGetTheWidth() throws {
        let harness = try CLIHarness()
        XCTAssertEqual(harness.run(["build", "--out", "demo"] + now).exitCode, .success)
        harness.buildHistoryDemo()
        XCTAssertTrue(try harness.read("history/wall.html").contains("🔥"), "the journal gives streaks")

        let said = try HeadlessChromium.run(
            Self.script, width: 390, height: 844,
            arguments: ["demo", "history"].map { harness.directory.appendingPathComponent("\($0)/wall.html").path })

        let pages = said.split(separator: "\n").filter { $0.hasPrefix("page ") }
        XCTAssertEqual(pages.count, 2, said)
        for line in pages {
            let fields = line.split(separator: " ")
            guard fields.count == 6, let inner = Int(fields[2]), let scroll = Int(fields[3]),
                let titles = Int(fields[4]), let narrowest = Int(fields[5])
            else { return XCTFail("unexpected: \(line)") }
            XCTAssertEqual(inner, 390, "the window is a phone's: \(line)")
            XCTAssertLessThanOrEqual(scroll, 390, "no sideways scroll: \(line)")
            XCTAssertGreaterThan(titles, 3, "the wall shows chores: \(line)")
            XCTAssertGreaterThanOrEqual(narrowest, 200, "every title has room: \(line)")
        }
    }

    /// For each wall: "page NAME innerWidth scrollWidth titles narrowestTitle", in CSS pixels.
    static let script = #"""
        import os
        for path in sys.argv[1:]:
            d.get("file://" + path)
            inner, scroll, widths = d.execute_script(
                "return [innerWidth, document.documentElement.scrollWidth,"
                " [...document.querySelectorAll('.wall-chore .title')].map(e => e.getBoundingClientRect().width)]")
            print("page", os.path.basename(os.path.dirname(path)), inner, scroll, len(widths),
                  int(min(widths)) if widths else 0)
        """#
}
