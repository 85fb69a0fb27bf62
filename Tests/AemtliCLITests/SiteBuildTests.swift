import AemtliCLI
import Foundation
import JSON
import XCTest

/// The pages `aemtli build` writes, as a user finds them in the output folder.
final class SiteBuildTests: XCTestCase {
    let now = ["--now", "2026-03-25T10:00:00+01:00", "--time-zone", "Europe/Zurich"]

    func makeStore(_ harness: CLIHarness, name: String = "Anna", title: String = "Tisch decken") throws {
        let name = name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        let title = title.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        try harness.write(
            "store/s.json",
            #"""
            {"members": [{"id": "M1", "name": "\#(name)", "role": "child"}],
             "chores": [{"id": "C1", "title": "\#(title)", "assignedTo": "M1", "dueDate": "2026-03-20T18:00:00+01:00", "isDone": false, "recurrence": "daily", "createdAt": "2026-03-01T00:00:00Z"},
                        {"id": "C2", "title": "Fenster", "dueDate": "2026-03-24T09:00:00+01:00", "deadline": "2026-03-27T18:00:00+01:00", "isDone": false, "recurrence": "once", "createdAt": "2026-03-01T00:00:00Z"}]}
            """#)
    }

    func testTheDashboardShowsTodayProgressUnassignedDeadlinesAndFeeds() throws {
        let harness = try CLIHarness()
        try makeStore(harness)
        XCTAssertEqual(harness.run(["build"] + now).exitCode, .success)
        let index = try harness.read("_site/index.html")
        XCTAssertTrue(index.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        XCTAssertTrue(
            index.contains(
                #"<h2 id="member-anna"><span class="initial" aria-hidden="true">A</span> <a href="members/anna.html" dir="auto">Anna</a></h2>"#
            ), index)
        XCTAssertTrue(index.contains(#"<li class="chore status-due-today">"#))
        XCTAssertTrue(
            index.contains(#"<progress max="1" value="0" aria-label="Progress this week: Anna">0%</progress>"#))
        XCTAssertTrue(index.contains(#"<h2 id="unassigned">Unassigned chores</h2>"#))
        XCTAssertTrue(
            index.contains(#"<span class="chore-meta">unassigned · Friday, 27 March, 18:00 · in 2 days</span>"#))
        XCTAssertTrue(index.contains(#"<a href="feeds/anna.ics">Calendar file</a>"#))
        XCTAssertTrue(index.contains(##"<a class="skip-link" href="#main">Skip to content</a>"##))
        XCTAssertFalse(index.contains("http-equiv=\"refresh\""))
        let agenda = try JSONParser.parse(harness.read("_site/agenda.json"))
        XCTAssertEqual(agenda.arrayValue?.first?["chore"], .string("C1"))
        XCTAssertEqual(agenda.arrayValue?.first?["start"], .string("2026-03-25T18:00"))
        XCTAssertTrue(try harness.read("_site/assets/style.css").contains("prefers-color-scheme: dark"))
    }

    func testTheHeaderNamesEachMemberOfAFamilyAndLinksALargerGroupToTheDashboard() throws {
        func site(members count: Int) throws -> (index: String, page: String) {
            let harness = try CLIHarness()
            let members = (1...count).map { #"{"id": "M\#($0)", "name": "Kind \#($0)", "role": "child"}"# }.joined(
                separator: ", ")
            try harness.write("store/s.json", #"{"members": [\#(members)], "chores": []}"#)
            XCTAssertEqual(harness.run(["build"] + now).exitCode, .success)
            return (try harness.read("_site/index.html"), try harness.read("_site/members/kind-1.html"))
        }
        let family = try site(members: 12)
        XCTAssertTrue(family.index.contains(#"<li><a href="members/kind-12.html" dir="auto">Kind 12</a></li>"#))
        XCTAssertTrue(family.page.contains(#"<li><a href="../members/kind-12.html" dir="auto">Kind 12</a></li>"#))
        let group = try site(members: 13)
        XCTAssertTrue(group.page.contains(#"<li><a href="../index.html" dir="auto">All members</a></li>"#))
        XCTAssertFalse(group.page.contains(#"<li><a href="../members/kind-12.html""#))
        XCTAssertTrue(
            group.index.contains(
                #"<span class="initial" aria-hidden="true">K</span> <a href="members/kind-13.html" dir="auto">Kind 13</a></h2>"#
            ), "the dashboard still shows everyone")
    }

    func testEscapesRecordTextInTextAndAttributes() throws {
        let harness = try CLIHarness()
        try makeStore(
            harness, name: #"<script>alert("x")</script>"#, title: #""><img src=x onerror=alert(1)>{{labels.skip}}"#)
        XCTAssertEqual(harness.run(["build"] + now).exitCode, .success)
        let index = try harness.read("_site/index.html")
        XCTAssertFalse(index.contains("<script>"))
        XCTAssertFalse(index.contains("<img"))
        XCTAssertTrue(index.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;"))
        XCTAssertTrue(
            index.contains(#"aria-label="Progress this week: &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;""#))
        XCTAssertTrue(index.contains("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;{{labels.skip}}"))
        XCTAssertTrue(
            FileManager.default.fileExists(
                atPath: harness.directory.appendingPathComponent("_site/members/script-alert-x-script.html").path))
    }

    func testMemberPagesLinkTheirFeedAbsolutelyWithABaseURL() throws {
        let harness = try CLIHarness()
        try makeStore(harness)
        _ = harness.run(["build", "--base-url", "https://example.org/chores"] + now)
        let page = try harness.read("_site/members/anna.html")
        XCTAssertTrue(
            page.contains(
                #"<a class="button" href="webcal://example.org/chores/feeds/anna.ics">Open in the calendar app</a>"#))
        XCTAssertTrue(page.contains("<code>https://example.org/chores/feeds/anna.ics</code>"))
        XCTAssertTrue(page.contains(#"<link rel="stylesheet" href="../assets/style.css">"#))
        XCTAssertTrue(
            page.contains(#"<span class="chore-meta">every day at 18:00</span>"#),
            "a daily chore is one row in the next 14 days")
        XCTAssertFalse(page.contains(#"id="day-2026-03-25""#), "today's chores are listed once, under This week")
        let bad = harness.run(["build", "--base-url", "example.org"] + now)
        XCTAssertEqual(bad.exitCode, .usage)
        XCTAssertTrue(
            bad.stderr.hasPrefix(
                #"aemtli: error: 'example.org' is not a valid value for '--base-url'; write the site's public http or https address, like https://example.org/chores."#
            ), bad.stderr)
    }

    func testGermanPagesAndAutoRefresh() throws {
        let harness = try CLIHarness()
        try makeStore(harness)
        try harness.write("aemtli.json", #"{"language": "de", "refreshMinutes": 5, "title": "Familie Meier"}"#)
        _ = harness.run(["build"] + now)
        let index = try harness.read("_site/index.html")
        XCTAssertTrue(index.contains(#"<html lang="de">"#))
        XCTAssertTrue(index.contains(#"<meta http-equiv="refresh" content="300">"#))
        XCTAssertTrue(index.contains("<title>Familie Meier – Familienübersicht</title>"))
        XCTAssertTrue(index.contains("Mittwoch, 25. März 2026"))
        XCTAssertTrue(index.contains("heute fällig"))
    }

    func testATemplateOverrideReplacesOneFileAndTheRestStayBuiltIn() throws {
        let harness = try CLIHarness()
        try makeStore(harness)
        try harness.write("mine/chore-row.mustache", "<li class=\"mine\">{{title}} ({{statusLabel}})</li>\n")
        let run = harness.run(["build", "--templates", "mine"] + now)
        XCTAssertEqual(run.exitCode, .success, run.stderr)
        let index = try harness.read("_site/index.html")
        XCTAssertTrue(index.contains("<li class=\"mine\">Tisch decken (due today)</li>"))
        XCTAssertTrue(index.contains("<h1>Family dashboard</h1>"), "the layout and the dashboard stay built in")
    }

    func testABrokenTemplateFailsTheBuildAndLeavesTheSiteAlone() throws {
        let harness = try CLIHarness()
        try makeStore(harness)
        _ = harness.run(["build"] + now)
        let before = try harness.read("_site/index.html")
        try harness.write("mine/chore-row.mustache", "<li>{{#title}}</li>\n")
        let run = harness.run([
            "build", "--templates", "mine", "--now", "2026-03-26T10:00:00+01:00", "--time-zone", "Europe/Zurich",
        ])
        XCTAssertEqual(run.exitCode, .dataError)
        XCTAssertTrue(
            run.stderr.contains(
                #"aemtli: error: the build step 'load templates' failed: mine/chore-row.mustache:1:5: the section "title" is never closed; add {{/title}} after its content."#
            ), run.stderr)
        XCTAssertEqual(try harness.read("_site/index.html"), before)
    }

    func testExportWritesTheBuiltInTemplatesAndNeverOverwrites() throws {
        let harness = try CLIHarness()
        let run = harness.run("template", "export", "starter")
        XCTAssertEqual(run.exitCode, .success, run.stderr)
        XCTAssertTrue(try harness.read("starter/layout.mustache").contains("<!DOCTYPE html>"))
        XCTAssertTrue(try harness.read("starter/report.mustache").contains("{{#sections}}"))
        let again = harness.run("template", "export", "starter")
        XCTAssertEqual(again.exitCode, .cannotCreate)
        XCTAssertTrue(
            again.stderr.hasPrefix(
                "aemtli: error: cannot write \"starter/chore-groups.mustache\": the file exists already; export into an empty folder."
            ))
    }
}
