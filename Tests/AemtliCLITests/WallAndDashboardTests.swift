import AemtliCLI
import Foundation
import XCTest

/// The kitchen wall and what a family noticed on the dashboard (issue #15), as the files a build
/// writes. Now: Wednesday 2026-03-25 10:00 in Zurich; the week is 23–29 March.
final class WallAndDashboardTests: XCTestCase {
    let now = ["--now", "2026-03-25T10:00:00+01:00", "--time-zone", "Europe/Zurich"]

    func chore(
        _ id: String, _ title: String, _ member: String?, due: String, done: Bool = false, recurrence: String = "daily"
    ) -> String {
        let assigned = member.map { #""assignedTo": "\#($0)", "# } ?? ""
        return
            #"{"id": "\#(id)", "title": "\#(title)", \#(assigned)"dueDate": "\#(due)", "isDone": \#(done), "recurrence": "\#(recurrence)", "createdAt": "2026-03-01T00:00:00Z", "modifiedAt": "2026-03-25T08:00:00Z"}"#
    }

    func build(
        members: [(String, String)], chores: [String], arguments: [String] = [], config: String? = nil
    ) throws -> CLIHarness {
        let harness = try CLIHarness()
        let people = members.map { #"{"id": "\#($0.0)", "name": "\#($0.1)", "role": "child"}"# }.joined(separator: ",")
        try harness.write("store/s.json", #"{"members": [\#(people)], "chores": [\#(chores.joined(separator: ","))]}"#)
        if let config { try harness.write("aemtli.json", config) }
        let run = harness.run(["build"] + arguments + now)
        XCTAssertEqual(run.exitCode, .success, run.stderr)
        return harness
    }

    func testTheWallShowsTodayPerMemberAndReloadsItselfEveryFiveMinutes() throws {
        let harness = try build(
            members: [("M1", "Anna"), ("M2", "Max")],
            chores: [
                chore("C1", "Tisch decken", "M1", due: "2026-03-20T18:00:00+01:00"),
                chore("C2", "Velo flicken", "M2", due: "2026-03-24T09:00:00+01:00", recurrence: "once"),
                chore("C3", "Fenster", "M2", due: "2026-03-27T09:00:00+01:00", recurrence: "once"),
                chore("C4", "Katze füttern", "M1", due: "2026-03-20T07:00:00+01:00", done: true),
            ])
        let wall = try harness.read("_site/wall.html")
        XCTAssertTrue(wall.contains(#"<meta http-equiv="refresh" content="300">"#))
        XCTAssertEqual(
            wall.components(separatedBy: "<script").count - 1, 1, "one script: the stopped-display check of SPEC §8.6")
        XCTAssertTrue(
            wall.contains(
                #"<p id="stopped" class="wall-notice notice-stopped" role="status" hidden>This display stopped updating at Wednesday, 25 March, 10:00. Check that the home server is on and that whatever builds the pages still runs: its timer, cron job or aemtli serve.</p>"#
            ), "shown only by the script, hidden without it")
        XCTAssertTrue(wall.contains(#"data-built="2026-03-25T09:00:00Z" data-stale-after="25""#), "2 × 5 + 15 minutes")
        XCTAssertTrue(wall.contains(#"<main class="wall-columns columns-2 rows-1">"#), wall)
        XCTAssertTrue(
            wall.contains(#"<span class="title" dir="auto">Tisch decken</span> <span class="meta">18:00</span>"#),
            "due today")
        XCTAssertTrue(
            wall.contains(
                #"<span class="title" dir="auto">Velo flicken</span> <span class="meta">1 day overdue</span>"#),
            "overdue")
        XCTAssertTrue(
            wall.contains(
                #"<li class="wall-chore status-done"><span class="mark" aria-hidden="true">✓</span> <span class="title" dir="auto">Katze füttern</span>"#
            ), "done today")
        XCTAssertFalse(wall.contains("Fenster"), "Friday's chore is not today's")
        XCTAssertTrue(wall.contains("Family this week: 1 of 4 done, 1 overdue · 25%"), wall)
    }

    func testRefreshMinutesChangesOrTurnsOffTheWallsReload() throws {
        let off = try build(members: [("M1", "Anna")], chores: [], config: #"{"refreshMinutes": 0}"#)
        XCTAssertFalse(try off.read("_site/wall.html").contains("http-equiv=\"refresh\""))
        let ten = try build(members: [("M1", "Anna")], chores: [], config: #"{"refreshMinutes": 10}"#)
        XCTAssertTrue(try ten.read("_site/wall.html").contains(#"<meta http-equiv="refresh" content="600">"#))
    }

    func testBeyondFourMembersTwoRowsAndBeyondTwelveOneAllMembersColumn() throws {
        let six = try build(members: (1...6).map { ("M\($0)", "Kind \($0)") }, chores: [])
        XCTAssertTrue(try six.read("_site/wall.html").contains(#"class="wall-columns columns-3 rows-2""#))
        let many = try build(
            members: (1...13).map { ("M\($0)", "Kind \($0)") },
            chores: [chore("C1", "Tisch decken", "M7", due: "2026-03-20T18:00:00+01:00")])
        let wall = try many.read("_site/wall.html")
        XCTAssertTrue(wall.contains(#"class="wall-columns columns-1 rows-1""#), wall)
        XCTAssertTrue(wall.contains(#"<span class="meta">18:00 · Kind 7</span>"#), "the one column names the member")
    }

    func testAMonthlyChoreDueNextWeekGivesItsMemberNoItemsThisWeek() throws {
        let harness = try build(
            members: [("M1", "Anna")],
            chores: [chore("C1", "Taschengeld", "M1", due: "2026-01-31T08:00:00+01:00", recurrence: "monthly")])
        let index = try harness.read("_site/index.html")
        XCTAssertFalse(index.contains("aria-label=\"Progress this week: Anna\""), "no '0 of 1' for Anna")
        XCTAssertFalse(index.contains("0 of 1 done"))
    }

    func testTheDashboardShowsTheFamilysAndTheUnassignedChoresProgressWithPercentages() throws {
        let harness = try build(
            members: [("M1", "Anna")],
            chores: [
                chore("C1", "Tisch decken", "M1", due: "2026-03-20T07:00:00+01:00", done: true),
                chore("C2", "Fenster", nil, due: "2026-03-27T09:00:00+01:00", recurrence: "once"),
            ])
        let index = try harness.read("_site/index.html")
        XCTAssertTrue(index.contains(#"<h2 id="family-progress">Family this week:</h2>"#))
        XCTAssertTrue(index.contains(#"<span class="progress-label">1 of 2 done · 50%</span>"#), index)
        XCTAssertTrue(index.contains(#"aria-label="Progress this week: Unassigned chores">0%</progress>"#), index)
        XCTAssertTrue(
            index.contains(#"<span class="chore-meta">07:00 · daily</span>"#),
            "under Today a row says today once, in its badge")
    }

    /// Issue #37: at 10:00 a chore due at 08:45 today was listed under "Overdue", and "Today" then
    /// said "Nothing due today". It is today's: listed under "Today", overdue first, its badge
    /// saying "overdue"; "Overdue" holds what is left from before today.
    func testAChoreDueEarlierTodayIsListedUnderTodayWithItsOverdueBadge() throws {
        let harness = try build(
            members: [("M1", "Anna")],
            chores: [
                chore("C1", "Frühstück abräumen", "M1", due: "2026-03-25T08:45:00+01:00"),
                chore("C2", "Tisch decken", "M1", due: "2026-03-25T18:00:00+01:00"),
                chore("C3", "Velo flicken", "M1", due: "2026-03-24T09:00:00+01:00", recurrence: "once"),
            ])
        for page in [try harness.read("_site/index.html"), try harness.read("_site/members/anna.html")] {
            XCTAssertFalse(page.contains("Nothing due today"), page)
            let overdue = try XCTUnwrap(page.range(of: #"<h3 class="group-overdue">Overdue</h3>"#), page)
            let before = try XCTUnwrap(page.range(of: "Velo flicken"))
            let today = try XCTUnwrap(page.range(of: "<h3>Today</h3>"))
            let early = try XCTUnwrap(page.range(of: "Frühstück abräumen"))
            let later = try XCTUnwrap(page.range(of: "Tisch decken"))
            XCTAssertTrue(
                overdue.upperBound < before.lowerBound && before.upperBound < today.lowerBound
                    && today.upperBound < early.lowerBound && early.upperBound < later.lowerBound,
                "Overdue: yesterday's; Today: 08:45, then 18:00")
            // The lines of the row, whatever the partial's indentation.
            let lines = page.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            XCTAssertTrue(
                lines.joined(separator: "\n").contains(
                    #"<li class="chore status-overdue">"# + "\n"
                        + #"<span class="badge"><span aria-hidden="true">!</span> overdue</span>"# + "\n"
                        + #"<span class="chore-title" dir="auto">Frühstück abräumen</span>"# + "\n"
                        + #"<span class="chore-meta">08:45 · daily</span>"#), page)
        }
    }

    func testTheSubscribeBoxSaysALinkIsACopyUntilThereIsABaseURL() throws {
        let local = try build(members: [("M1", "Anna")], chores: [])
        XCTAssertTrue(
            try local.read("_site/index.html").contains(
                "These links download a copy of each calendar, which does not update itself."))
        let served = try build(
            members: [("M1", "Anna")], chores: [], arguments: ["--base-url", "https://example.org/chores"])
        let page = try served.read("_site/members/anna.html")
        XCTAssertTrue(page.contains("it updates by itself."))
        let webcal = try XCTUnwrap(page.range(of: "webcal://example.org/chores/feeds/anna.ics"))
        let file = try XCTUnwrap(page.range(of: #"href="../feeds/anna.ics""#))
        XCTAssertLessThan(webcal.lowerBound, file.lowerBound, "the subscription comes first")
    }

    func testMembersGetDistinctColoursThatStayAcrossBuildsAndReachTheFamilyFeed() throws {
        let names = (1...12).map { ("M\($0)", "Kind \($0)") }
        let first = try build(
            members: names, chores: [chore("C1", "Tisch decken", "M3", due: "2026-03-20T18:00:00+01:00")])
        let index = try first.read("_site/index.html")
        let classes = index.components(separatedBy: #"<section class="card member-color-"#).dropFirst().map {
            $0.prefix { $0.isNumber }
        }
        XCTAssertEqual(classes.count, 12)
        XCTAssertEqual(Set(classes).count, 12, "twelve members, twelve colours")
        let again = try build(
            members: names.reversed(), chores: [chore("C1", "Tisch decken", "M3", due: "2026-03-20T18:00:00+01:00")])
        XCTAssertEqual(
            try again.read("_site/index.html"), index,
            "the same members, however the store lists them, the same colours")
        let feed = try first.read("_site/feeds/family.ics")
        XCTAssertTrue(feed.contains("CATEGORIES:Kind 3\r\nCOLOR:"), feed)
    }
}
