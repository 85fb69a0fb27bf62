import AemtliCLI
import XCTest

/// `aemtli agenda` over the Zurich DST weekend, now Saturday 2026-03-28 10:00 (+01:00).
final class AgendaCommandTests: XCTestCase {
    let now = ["--now", "2026-03-28T10:00:00+01:00", "--time-zone", "Europe/Zurich"]

    /// C1 daily 02:30 (Anna), marked done; C2 weekly all-day on Sundays, unassigned, a title with a
    /// tab and a line break; C3 once Friday 18:00 (Max), open; C4 monthly on the 31st 09:00 (Max).
    func makeStore(_ harness: CLIHarness) throws {
        try harness.write(
            "store/family.json",
            #"""
            {"members": [{"id": "M1", "name": "Anna", "role": "child"}, {"id": "M2", "name": "Max", "role": "child"}],
             "chores": [
              {"id": "C1", "title": "Katze füttern", "assignedTo": "M1", "dueDate": "2026-03-20T02:30:00+01:00", "isDone": true, "recurrence": "daily", "createdAt": "2026-03-01T00:00:00Z"},
              {"id": "C2", "title": "Fenster\tputzen\nbitte", "dueDate": "2026-03-22T00:00:00+01:00", "isDone": false, "recurrence": "weekly", "createdAt": "2026-03-01T00:00:00Z"},
              {"id": "C3", "title": "Velo flicken", "assignedTo": "M2", "dueDate": "2026-03-27T18:00:00+01:00", "isDone": false, "recurrence": "once", "createdAt": "2026-03-01T00:00:00Z"},
              {"id": "C4", "title": "Taschengeld", "assignedTo": "M2", "dueDate": "2026-01-31T09:00:00+01:00", "isDone": false, "recurrence": "monthly", "createdAt": "2026-01-01T00:00:00Z"}]}
            """#)
    }

    func testTSVIsSortedByStartWithStatusesPerPeriod() throws {
        let harness = try CLIHarness()
        try makeStore(harness)
        let run = harness.run(["agenda", "--from", "2026-03-27", "--to", "2026-04-01", "--format", "tsv"] + now)
        XCTAssertEqual(run.exitCode, .success, run.stderr)
        // 03-27 02:30 is an earlier period (past); 03-28 is today's, done; 03-29 02:30 falls in the
        // gap and is 03:30 CEST; C2's Sunday is in this week, due in 1 day (soon); C4's March 31st
        // is this month's, 3 days away (soon); C3 was due yesterday 18:00 and is open (overdue).
        XCTAssertEqual(
            run.stdout,
            """
            2026-03-27T02:30\tC1\tanna\tpast\tKatze füttern
            2026-03-27T18:00\tC3\tmax\toverdue\tVelo flicken
            2026-03-28T02:30\tC1\tanna\tdone\tKatze füttern
            2026-03-29\tC2\t-\tdue-soon\tFenster putzen bitte
            2026-03-29T03:30\tC1\tanna\tupcoming\tKatze füttern
            2026-03-30T02:30\tC1\tanna\tupcoming\tKatze füttern
            2026-03-31T02:30\tC1\tanna\tupcoming\tKatze füttern
            2026-03-31T09:00\tC4\tmax\tdue-soon\tTaschengeld

            """)
    }

    func testFiltersByMemberSlug() throws {
        let harness = try CLIHarness()
        try makeStore(harness)
        let run = harness.run(
            ["agenda", "--from", "2026-03-27", "--to", "2026-04-01", "--format", "tsv", "--member", "max"] + now)
        XCTAssertEqual(run.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[1]) }, ["C3", "C4"])
        let unknown = harness.run(["agenda", "--member", "mx"] + now)
        XCTAssertEqual(unknown.exitCode, .usage)
        XCTAssertTrue(
            unknown.stderr.hasPrefix("aemtli: error: no member has the slug 'mx'; did you mean 'max'?\n"),
            unknown.stderr)
    }

    func testTextIsGroupedByLocalizedDay() throws {
        let harness = try CLIHarness()
        try makeStore(harness)
        let run = harness.run(["agenda", "--from", "2026-03-28", "--to", "2026-03-30", "--lang", "de"] + now)
        // The range starts today, so the text first lists what is still open from before: Max's
        // once chore, due Friday 18:00 and not done.
        XCTAssertEqual(
            run.stdout,
            """
            Freitag, 27. März 2026
              18:00     ! überfällig   Velo flicken          Max

            Samstag, 28. März 2026 (heute)
              02:30     ✓ erledigt     Katze füttern         Anna

            Sonntag, 29. März 2026 (morgen)
              ganztags  ◐ bald fällig  Fenster putzen bitte  nicht zugeteilt
              03:30     ○ geplant      Katze füttern         Anna

            """)
    }

    func testOpenListsAnOverdueOnceChoreFromLastWeekFirst() throws {
        let harness = try CLIHarness()
        try harness.write(
            "store/s.json",
            #"""
            {"members": [{"id": "M1", "name": "Anna", "role": "child"}],
             "chores": [{"id": "A", "title": "Velo putzen", "assignedTo": "M1", "dueDate": "2026-03-19T17:00:00+01:00", "isDone": false, "recurrence": "once", "createdAt": "2026-03-01T00:00:00Z"},
                        {"id": "B", "title": "Abwaschen", "assignedTo": "M1", "dueDate": "2026-03-20T18:00:00+01:00", "isDone": false, "recurrence": "daily", "createdAt": "2026-03-01T00:00:00Z"},
                        {"id": "C", "title": "Keller", "assignedTo": "M1", "dueDate": "2026-03-10T09:00:00+01:00", "isDone": true, "recurrence": "once", "createdAt": "2026-03-01T00:00:00Z"}]}
            """#)
        // Now: Saturday 2026-03-28 10:00 in Zurich. A, due Thursday of last week, is overdue and open;
        // C was due before too but is done; B is daily, its current occurrence today.
        let open = harness.run(
            ["agenda", "--from", "2026-03-28", "--to", "2026-03-29", "--format", "tsv", "--open"] + now)
        XCTAssertEqual(
            open.stdout,
            "2026-03-19T17:00\tA\tanna\toverdue\tVelo putzen\n2026-03-28T18:00\tB\tanna\tdue-today\tAbwaschen\n")
        let plain = harness.run(["agenda", "--from", "2026-03-28", "--to", "2026-03-29", "--format", "tsv"] + now)
        XCTAssertEqual(
            plain.stdout, "2026-03-28T18:00\tB\tanna\tdue-today\tAbwaschen\n",
            "tsv keeps SPEC §5's contract without --open")
    }

    func testJSONHoldsTheSameFacts() throws {
        let harness = try CLIHarness()
        try makeStore(harness)
        let run = harness.run(
            ["agenda", "--from", "2026-03-29", "--to", "2026-03-30", "--format", "json", "--member", "anna"] + now)
        XCTAssertEqual(
            run.stdout,
            """
            [
              {
                "allDay": false,
                "chore": "C1",
                "date": "2026-03-29",
                "instant": "2026-03-29T01:30:00Z",
                "member": "anna",
                "memberName": "Anna",
                "recurrence": "daily",
                "start": "2026-03-29T03:30",
                "status": "upcoming",
                "title": "Katze füttern"
              }
            ]

            """)
    }

    func testRejectsBadDatesAndEmptyRanges() throws {
        let harness = try CLIHarness()
        let bad = harness.run(["agenda", "--from", "28.03.2026"] + now)
        XCTAssertEqual(bad.exitCode, .usage)
        XCTAssertTrue(
            bad.stderr.hasPrefix(
                "aemtli: error: '28.03.2026' is not a valid value for '--from'; write a date as YYYY-MM-DD, like 2026-03-29.\n"
            ))
        let empty = harness.run(["agenda", "--from", "2026-03-28", "--to", "2026-03-28"] + now)
        XCTAssertTrue(
            empty.stderr.hasPrefix(
                "aemtli: error: the range 2026-03-28 to 2026-03-28 is empty; --to is the day after the last one shown, so it must come after --from.\n"
            ))
    }

    func testSaysSoWhenNothingIsScheduled() throws {
        let harness = try CLIHarness()
        try makeStore(harness)
        XCTAssertEqual(
            harness.run(["agenda", "--from", "2020-01-01", "--to", "2020-01-02"] + now).stdout, "Nothing scheduled.\n")
    }
}
