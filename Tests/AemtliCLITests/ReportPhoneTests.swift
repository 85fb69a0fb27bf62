import Foundation
import XCTest

/// The weekly chart on a phone (issue #37): at 390×844 it scrolled sideways and its boxes to tick
/// overlapped the cells' borders. It fits the screen, each box inside its cell; the printed sheet
/// keeps its A4 rules. Measured in headless Chromium where the validator tools are set up
/// (`HeadlessChromium`).
final class ReportPhoneTests: XCTestCase {
    let now = ["--now", "2026-11-18T10:00:00+01:00", "--time-zone", "Europe/Zurich"]

    func testAtPhoneWidthTheWeeklyChartFitsAndEachBoxStaysInsideItsCell() throws {
        let harness = try CLIHarness()
        for language in ["en", "de"] {
            XCTAssertEqual(harness.run(["build", "--lang", language, "--out", language] + now).exitCode, .success)
            let said = try HeadlessChromium.run(
                Self.script, width: 390, height: 844, mobile: true,
                arguments: [harness.directory.appendingPathComponent("\(language)/reports/2026-W47.html").path])
            XCTAssertTrue(said.contains("width 390 390"), "no sideways scroll (\(language)): \(said)")
            XCTAssertTrue(said.contains("boxes inside their cells: True"), "\(language): \(said)")
            XCTAssertFalse(said.contains("boxes 0"), "the chart has boxes: \(said)")
        }
    }

    /// "width INNER SCROLL", "boxes N" and whether every box lies within its cell's borders.
    static let script = #"""
        d.get("file://" + sys.argv[1])
        inner, scroll, boxes, inside = d.execute_script("""
          const ticks = [...document.querySelectorAll('td .tick')];
          const inside = ticks.every(t => {
            const cell = t.closest('td'), c = cell.getBoundingClientRect(), b = t.getBoundingClientRect();
            const s = getComputedStyle(cell);
            const left = c.left + parseFloat(s.borderLeftWidth), right = c.right - parseFloat(s.borderRightWidth);
            const top = c.top + parseFloat(s.borderTopWidth), bottom = c.bottom - parseFloat(s.borderBottomWidth);
            return b.left >= left && b.right <= right && b.top >= top && b.bottom <= bottom;
          });
          return [innerWidth, document.documentElement.scrollWidth, ticks.length, inside];
        """)
        print("width", inner, scroll)
        print("boxes", boxes)
        print("boxes inside their cells:", inside)
        """#
}
