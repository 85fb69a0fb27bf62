import AemtliCLI
import XCTest

/// `aemtli report` for a small store, now Wednesday 2026-03-25 10:00 in Zurich (week 13, 23–29
/// March). Expectations worked out by hand from SPEC §4:
/// - Tisch decken, daily 18:00, marked done today: Mon and Tue are earlier periods (a box to tick),
///   Wed is today's period and done (✓), Thu–Sun later periods (boxes).
/// - Zimmer aufräumen, weekly on Mondays 10:00, open: this week's Monday has passed (!).
/// - Velo | flicken, once, Friday 15:00, deadline Saturday 12:00: a box on Friday; a deadline in 3 days.
/// - Bad putzen, monthly on the 10th: March's occurrence is overdue and not in this week.
/// - Fenster, unassigned, weekly all day on Sundays: a box on Sunday.
/// Progress for Anna: Tisch (done), Zimmer (overdue), Velo (due this week), Bad (overdue) → 1 of 4, 2 overdue.
final class ReportCommandTests: XCTestCase {
    let now = ["--now", "2026-03-25T10:00:00+01:00", "--time-zone", "Europe/Zurich"]

    func makeStore(_ harness: CLIHarness) throws {
        try harness.write(
            "store/s.json",
            #"""
            {"members": [{"id": "M1", "name": "Anna", "role": "child"}],
             "chores": [
              {"id": "C1", "title": "Tisch decken", "assignedTo": "M1", "dueDate": "2026-03-20T18:00:00+01:00", "isDone": true, "recurrence": "daily", "createdAt": "2026-03-01T00:00:00Z"},
              {"id": "C2", "title": "Zimmer aufräumen", "assignedTo": "M1", "dueDate": "2026-03-02T10:00:00+01:00", "isDone": false, "recurrence": "weekly", "createdAt": "2026-03-01T00:00:00Z"},
              {"id": "C3", "title": "Velo | flicken", "assignedTo": "M1", "dueDate": "2026-03-27T15:00:00+01:00", "deadline": "2026-03-28T12:00:00+01:00", "isDone": false, "recurrence": "once", "createdAt": "2026-03-01T00:00:00Z"},
              {"id": "C4", "title": "Bad putzen", "assignedTo": "M1", "dueDate": "2026-03-10T09:00:00+01:00", "isDone": false, "recurrence": "monthly", "createdAt": "2026-03-01T00:00:00Z"},
              {"id": "C5", "title": "Fenster", "dueDate": "2026-03-01T00:00:00+01:00", "isDone": false, "recurrence": "weekly", "createdAt": "2026-03-01T00:00:00Z"}]}
            """#)
    }

    func testTextFitsEightyColumns() throws {
        let harness = try CLIHarness()
        try makeStore(harness)
        let run = harness.run(["report"] + now)
        XCTAssertEqual(run.exitCode, .success, run.stderr)
        XCTAssertEqual(
            run.stdout,
            """
            Ämtli – Week 13, 23–29 March 2026

            Anna
            ┌────────────────────────────────────┬─────┬─────┬─────┬─────┬─────┬─────┬─────┐
            │ Chore                              │ Mo  │ Tu  │ We  │ Th  │ Fr  │ Sa  │ Su  │
            │                                    │ 23  │ 24  │ 25  │ 26  │ 27  │ 28  │ 29  │
            ├────────────────────────────────────┼─────┼─────┼─────┼─────┼─────┼─────┼─────┤
            │ Zimmer aufräumen                   │ [!] │     │     │     │     │     │     │
            │ Tisch decken                       │ [ ] │ [ ] │ [✓] │ [ ] │ [ ] │ [ ] │ [ ] │
            │ Velo | flicken                     │     │     │     │     │ [ ] │     │     │
            └────────────────────────────────────┴─────┴─────┴─────┴─────┴─────┴─────┴─────┘
            Progress: 1 of 4 done, 2 overdue
            Deadlines this week:
            - Velo | flicken: Saturday, 28 March, 12:00 (in 3 days)
            Overdue from before:
            - Bad putzen (15 days overdue)

            Unassigned chores
            ┌────────────────────────────────────┬─────┬─────┬─────┬─────┬─────┬─────┬─────┐
            │ Chore                              │ Mo  │ Tu  │ We  │ Th  │ Fr  │ Sa  │ Su  │
            │                                    │ 23  │ 24  │ 25  │ 26  │ 27  │ 28  │ 29  │
            ├────────────────────────────────────┼─────┼─────┼─────┼─────┼─────┼─────┼─────┤
            │ Fenster                            │     │     │     │     │     │     │ [ ] │
            └────────────────────────────────────┴─────┴─────┴─────┴─────┴─────┴─────┴─────┘
            Progress: 0 of 1 done

            """)
        XCTAssertTrue(run.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }

    func testASCIIAndGermanForOldPrinters() throws {
        let harness = try CLIHarness()
        try makeStore(harness)
        let run = harness.run(["report", "--ascii", "--lang", "de", "--member", "anna"] + now)
        XCTAssertEqual(
            run.stdout,
            """
            Ämtli – Woche 13, 23.–29. März 2026

            Anna
            +------------------------------------+-----+-----+-----+-----+-----+-----+-----+
            | Ämtli                              | Mo  | Di  | Mi  | Do  | Fr  | Sa  | So  |
            |                                    | 23  | 24  | 25  | 26  | 27  | 28  | 29  |
            +------------------------------------+-----+-----+-----+-----+-----+-----+-----+
            | Zimmer aufräumen                   | [!] |     |     |     |     |     |     |
            | Tisch decken                       | [ ] | [ ] | [x] | [ ] | [ ] | [ ] | [ ] |
            | Velo | flicken                     |     |     |     |     | [ ] |     |     |
            +------------------------------------+-----+-----+-----+-----+-----+-----+-----+
            Fortschritt: 1 von 4 erledigt, 2 überfällig
            Fristen diese Woche:
            - Velo | flicken: Samstag, 28. März, 12:00 (in 3 Tagen)
            Überfällig von früher:
            - Bad putzen (15 Tage überfällig)

            """)
    }

    func testMarkdownTablesEscapePipes() throws {
        let harness = try CLIHarness()
        try makeStore(harness)
        let run = harness.run(["report", "--format", "markdown", "--member", "anna"] + now)
        XCTAssertEqual(
            run.stdout,
            """
            # Ämtli – Week 13, 23–29 March 2026

            ## Anna

            | Chore | Mo 23 | Tu 24 | We 25 | Th 26 | Fr 27 | Sa 28 | Su 29 |
            |---|:-:|:-:|:-:|:-:|:-:|:-:|:-:|
            | Zimmer aufräumen | ! |   |   |   |   |   |   |
            | Tisch decken | ☐ | ☐ | ✓ | ☐ | ☐ | ☐ | ☐ |
            | Velo \\| flicken |   |   |   |   | ☐ |   |   |

            Progress: 1 of 4 done, 2 overdue
            Deadlines this week:
            - Velo \\| flicken: Saturday, 28 March, 12:00 (in 3 days)
            Overdue from before:
            - Bad putzen (15 days overdue)

            ☐ to tick · ✓ done · ! overdue

            """)
    }

    func testAnotherWeekShowsBoxesWithoutProgress() throws {
        let harness = try CLIHarness()
        try makeStore(harness)
        let run = harness.run(["report", "--week", "2026-W14", "--member", "anna", "--format", "markdown"] + now)
        XCTAssertTrue(run.stdout.contains("| Tisch decken | ☐ | ☐ | ☐ | ☐ | ☐ | ☐ | ☐ |"), run.stdout)
        XCTAssertFalse(run.stdout.contains("Progress"))
        let bad = harness.run(["report", "--week", "2026-13"] + now)
        XCTAssertEqual(bad.exitCode, .usage)
        XCTAssertTrue(
            bad.stderr.hasPrefix(
                "aemtli: error: '2026-13' is not a valid value for '--week'; write an ISO week as YYYY-Www, like 2026-W13.\n"
            ), bad.stderr)
    }

    func testAWeekPastTheYearsLastSaysHowManyWeeksTheYearHas() throws {
        let run = try CLIHarness().run(["report", "--week", "2025-W53"] + now)
        XCTAssertEqual(run.exitCode, .usage)
        XCTAssertTrue(
            run.stderr.hasPrefix(
                "aemtli: error: '2025-W53' is not a valid value for '--week'; 2025 has 52 weeks, so write 2025-W01 to 2025-W52.\n"
            ), run.stderr)
        // 2026 ends on a Thursday, so it has 53 weeks and 2026-W53 is a week like any other.
        XCTAssertEqual(try CLIHarness().run(["report", "--week", "2026-W53"] + now).exitCode, .success)
    }

    func testHTMLIsAPrintablePageWithEscapedText() throws {
        let harness = try CLIHarness()
        try harness.write(
            "store/s.json",
            #"{"members": [{"id": "M1", "name": "<b>Anna</b>", "role": "child"}], "chores": [{"id": "C1", "title": "Tisch \"decken\" <script>", "assignedTo": "M1", "dueDate": "2026-03-20T18:00:00+01:00", "isDone": false, "recurrence": "daily", "createdAt": "2026-03-01T00:00:00Z"}]}"#
        )
        let run = harness.run(["report", "--format", "html"] + now)
        XCTAssertEqual(run.exitCode, .success, run.stderr)
        XCTAssertTrue(run.stdout.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        XCTAssertTrue(run.stdout.contains("@page { size: A4 landscape;"))
        XCTAssertTrue(
            run.stdout.contains("<span class=\"initial\" aria-hidden=\"true\">B</span> &lt;b&gt;Anna&lt;/b&gt;</h1>"),
            run.stdout)
        XCTAssertTrue(
            run.stdout.contains("<th scope=\"row\" class=\"chore\">Tisch &quot;decken&quot; &lt;script&gt;</th>"))
        XCTAssertFalse(run.stdout.contains("<script>"))
        XCTAssertEqual(run.stdout.components(separatedBy: "class=\"cell box\"").count - 1, 7)
    }
}
