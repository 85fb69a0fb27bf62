import Foundation
import XCTest

/// The wall's rows on the kitchen tablet (issue #37, point 7): each chore hangs from its symbol
/// (a wrapped title goes on under the title), its status and time are on a line of their own at
/// 20 px or more, and a streak shows from 2 in a row, as a badge under the name that is never cut
/// off. Measured at 1280×800 in headless Chromium where the validator tools are set up
/// (`HeadlessChromium`).
final class WallRowsTests: XCTestCase {
    let now = ["--now", "2026-11-18T10:00:00+01:00", "--time-zone", "Europe/Zurich"]

    func testAStreakShowsFromTwoInARowAsABadgeUnderTheNameNotInIt() throws {
        let harness = try CLIHarness()
        harness.buildHistoryDemo()
        let wall = try harness.read("history/wall.html")
        let index = try harness.read("history/index.html")
        for page in [wall, index] {
            XCTAssertFalse(page.contains("🔥 1 in a row"), "one done period is no run yet")
            XCTAssertTrue(page.contains("🔥 6 in a row: Hausaufgaben 9"), page)
        }
        XCTAssertTrue(
            wall.contains(
                #"<h2><span class="initial" aria-hidden="true">Z</span> <span dir="auto">Zoë</span></h2>"#
                    + "\n"
                    + #"    <p class="wall-history"><span class="wall-badge" dir="auto">Last week: 4 of 4 done (100%)</span> <span class="wall-badge streak" dir="auto">🔥 6 in a row: Hausaufgaben 9</span> "#
            ), wall)
    }

    func testAtTheTabletsSizeEachChoreHangsFromItsSymbolWithItsStatusOnALineOfItsOwn() throws {
        // The demo family first: once ./store is there, a build reads it.
        let harness = try CLIHarness()
        XCTAssertEqual(harness.run(["build", "--out", "demo"] + now).exitCode, .success)
        harness.buildHistoryDemo()
        // Four members, one with a title that takes three lines in a quarter of the tablet.
        let people = ["Anna", "Max", "Zoë", "Jürg"].enumerated().map {
            #"{"id": "M\#($0.offset)", "name": "\#($0.element)", "role": "child"}"#
        }
        let long = "Die Spülmaschine ausräumen und das Geschirr in den Schrank versorgen"
        try harness.write(
            "long/s.json",
            #"{"members": [\#(people.joined(separator: ","))], "chores": [{"id": "C1", "title": "\#(long)", "assignedTo": "M0", "dueDate": "2026-11-18T18:00:00+01:00", "isDone": false, "recurrence": "daily", "createdAt": "2026-11-01T00:00:00Z"}]}"#
        )
        XCTAssertEqual(harness.run(["build", "--store", "long", "--out", "wrapped"] + now).exitCode, .success)

        let said = try HeadlessChromium.run(
            Self.script, width: 1280, height: 800,
            arguments: ["demo", "history", "wrapped"].map {
                harness.directory.appendingPathComponent("\($0)/wall.html").path
            })
        let lines = said.split(separator: "\n").filter { $0.hasPrefix("row ") || $0.hasPrefix("badge ") }
        XCTAssertGreaterThan(lines.filter { $0.hasPrefix("row ") }.count, 10, said)
        XCTAssertGreaterThan(lines.filter { $0.hasPrefix("badge ") }.count, 3, said)
        XCTAssertTrue(said.contains("wrapped: True"), "some title wraps at this size, so the indent is seen: \(said)")
        for line in lines {
            XCTAssertTrue(line.hasSuffix(" ok"), String(line))
        }
    }

    /// For each chore row: "row TITLE: ok" when its title's lines all start at one x, right of the
    /// symbol; its status line is below the title's last line and at least 20 px; else what is wrong.
    /// For each badge under a name: "badge TEXT: ok" when it lies inside its column.
    static let script = #"""
        measure = """
        const out = [];
        let wrapped = false;
        for (const li of document.querySelectorAll('.wall-chore')) {
          const mark = li.querySelector('.mark').getBoundingClientRect();
          const title = li.querySelector('.title');
          const range = document.createRange();
          range.selectNodeContents(title);
          const lines = [...range.getClientRects()];
          const meta = li.querySelector('.meta');
          const metaBox = meta.getBoundingClientRect();
          const size = parseFloat(getComputedStyle(meta).fontSize);
          // A line's start: the leftmost of its pieces (an emoji is a piece of its own).
          const starts = new Map();
          for (const r of lines) {
            const top = Math.round(r.top);
            starts.set(top, Math.min(starts.has(top) ? starts.get(top) : Infinity, Math.round(r.left)));
          }
          const lefts = new Set(starts.values());
          const last = lines[lines.length - 1];
          if (starts.size > 1) wrapped = true;
          const wrong = [];
          if (lefts.size != 1) wrong.push('title lines start at ' + [...lefts].join(','));
          if (lines[0].left < mark.right) wrong.push('title starts left of the symbol\\'s end');
          if (metaBox.top < last.bottom - 1) wrong.push('status beside the title');
          if (size < 20) wrong.push('status at ' + size + 'px');
          out.push('row ' + title.textContent + ': ' + (wrong.length ? wrong.join('; ') : 'ok'));
        }
        for (const badge of document.querySelectorAll('.wall-badge')) {
          const column = badge.closest('.wall-member').getBoundingClientRect();
          const box = badge.getBoundingClientRect();
          const inside = box.left >= column.left && box.right <= column.right + 0.5 && box.bottom <= column.bottom;
          out.push('badge ' + badge.textContent + ': ' + (inside ? 'ok' : 'cut at ' + JSON.stringify(box)));
        }
        out.push('wrapped: ' + (wrapped ? 'True' : 'False'));
        return out.join('\\n');
        """
        for path in sys.argv[1:]:
            d.get("file://" + path)
            print(d.execute_script(measure))
        """#
}
