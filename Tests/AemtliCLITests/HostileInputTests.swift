import AemtliCLI
import Foundation
import XCTest

/// Record text is hostile input: a child's phone can edit any title and any name. Each test here
/// is a reproducer from the hostile-input run (issue #17) that failed before its fix.
final class HostileInputTests: XCTestCase {
    let now = ["--now", "2026-03-25T10:00:00+01:00", "--time-zone", "Europe/Zurich"]

    /// Two members and three chores, two of them assigned; `name` is the first member's name.
    func store(name: String, title: String = "Tisch decken") -> String {
        #"""
        {"members": [{"id": "M1", "name": \#(quoted(name)), "role": "child"}, {"id": "M2", "name": "Max", "role": "child"}],
         "chores": [{"id": "C1", "title": \#(quoted(title)), "assignedTo": "M1", "dueDate": "2026-03-20T18:00:00+01:00", "isDone": false, "recurrence": "daily", "createdAt": "2026-03-01T00:00:00Z"},
                    {"id": "C2", "title": "Fenster", "assignedTo": "M2", "dueDate": "2026-03-24T09:00:00+01:00", "isDone": false, "recurrence": "once", "createdAt": "2026-03-01T00:00:00Z"},
                    {"id": "C3", "title": "Keller", "dueDate": "2026-03-26T09:00:00+01:00", "isDone": false, "recurrence": "weekly", "createdAt": "2026-03-01T00:00:00Z"}]}
        """#
    }

    func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case _ where scalar.value < 0x20: result += String(format: "\\u%04X", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    func events(in feed: String) -> Int {
        feed.components(separatedBy: "BEGIN:VEVENT").count - 1
    }

    func testAMemberNamedFamilyLeavesTheFamilyFeedWhole() throws {
        let harness = try CLIHarness()
        try harness.write("store/s.json", store(name: "Family"))
        let run = harness.run(["build"] + now)
        XCTAssertEqual(run.exitCode, .success, run.stderr)
        XCTAssertEqual(events(in: try harness.read("_site/feeds/family.ics")), 3, "the family feed has every chore")
        XCTAssertEqual(events(in: try harness.read("_site/feeds/family-2.ics")), 1, "the member's own feed is beside it")
        XCTAssertTrue(try harness.read("_site/index.html").contains(#"href="members/family-2.html""#))
    }

    func testAMemberNameOf256LettersBuildsTheSite() throws {
        let harness = try CLIHarness()
        try harness.write("store/s.json", store(name: String(repeating: "A", count: 256)))
        let run = harness.run(["build"] + now)
        XCTAssertEqual(run.exitCode, .success, run.stderr)
        XCTAssertTrue(harness.files(in: "_site").contains("members/" + String(repeating: "a", count: 64) + ".html"))
    }
}
