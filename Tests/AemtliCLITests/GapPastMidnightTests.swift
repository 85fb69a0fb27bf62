import AemtliCLI
import Foundation
import XCTest

/// SPEC §4, "Periods": an occurrence a spring-forward gap moves into the next day stays its
/// written day's, and `agenda`, the pages and the feed mark the same one done (#31's Nuuk case).
///
/// America/Nuuk, from the system's zone file (`zdump -v -c 2026,2027 America/Nuuk`, footer
/// `<-02>2<-01>,M3.5.0/-1,M10.5.0/0`): on Saturday 2026-03-28 at 23:00 -02 (01:00Z on the 29th)
/// the clocks jump to 00:00 -01. Anna's two daily 23:30 chores (N1 done, N2 open) therefore have:
/// Friday 27th's at 23:30 -02 = 01:30Z on the 28th; Saturday 28th's, written 23:30 in the gap,
/// at 00:30 -01 on Sunday = 01:30Z on the 29th, due on Saturday; Sunday 29th's at 23:30 -01 =
/// 00:30Z on Monday 30th.
final class GapPastMidnightTests: XCTestCase {
    let zone = ["--time-zone", "America/Nuuk"]

    struct Outputs {
        var agenda: String
        /// `agenda` as text, Saturday and Sunday.
        var text: String
        var wall: String
        var member: String
        var feed: String
        /// agenda.json's N1 entries as "date start status".
        var agendaJSON: [String]
    }

    static func field(_ value: String, _ type: String) -> String { #"{"value": \#(value), "type": "\#(type)"}"# }

    /// N1 is marked done, last changed at `modified` (milliseconds); N2 is open. Both were due
    /// first on Friday 2026-03-20 at 23:30 -02 (01:30Z on the 21st: 1774056600000).
    static func chore(_ id: String, _ title: String, done: Int, modified: Int64) -> String {
        let fields = [
            "title": field("\"\(title)\"", "STRING"), "recurrence": field("\"daily\"", "STRING"),
            "isDone": field("\(done)", "INT64"), "assignedTo": field("\"M1\"", "STRING"),
            "dueDate": field("1774056600000", "TIMESTAMP"), "createdAt": field("1772323200000", "TIMESTAMP"),
        ].map { "\"\($0.key)\": \($0.value)" }.sorted().joined(separator: ", ")
        return
            #"{"recordName": "\#(id)", "recordType": "Chore", "modified": {"timestamp": \#(modified)}, "fields": {\#(fields)}}"#
    }

    /// `aemtli agenda` (tsv, Friday to Sunday) and `aemtli build` at `now`, in-process.
    func outputs(now: String, modified: Int64) throws -> Outputs {
        let harness = try CLIHarness()
        let member =
            #"{"recordName": "M1", "recordType": "FamilyMember", "fields": {"name": \#(Self.field("\"Anna\"", "STRING")), "role": \#(Self.field("\"child\"", "STRING"))}}"#
        try harness.write(
            "store/query.json",
            """
            [{"records": [\(member),
              \(Self.chore("N1", "Hunde füttern", done: 1, modified: modified)),
              \(Self.chore("N2", "Katze füttern", done: 0, modified: 1_772_323_200_000))]}]
            """)
        let agenda = harness.run(
            ["agenda", "--from", "2026-03-27", "--to", "2026-03-30", "--format", "tsv", "--now", now] + zone)
        XCTAssertEqual(agenda.exitCode, .success, agenda.stderr)
        XCTAssertEqual(agenda.stderr, "")
        let text = harness.run(["agenda", "--from", "2026-03-28", "--to", "2026-03-30", "--now", now] + zone)
        let build = harness.run(["build", "--now", now] + zone)
        XCTAssertEqual(build.exitCode, .success, build.stderr)
        let json = try JSONSerialization.jsonObject(with: Data(try harness.read("_site/agenda.json").utf8))
        let entries = try XCTUnwrap(json as? [[String: Any]])
        return Outputs(
            agenda: agenda.stdout, text: text.stdout, wall: try harness.read("_site/wall.html"),
            member: try harness.read("_site/members/anna.html"), feed: try harness.read("_site/feeds/anna.ics"),
            agendaJSON: entries.filter { $0["chore"] as? String == "N1" }.map {
                "\($0["date"] ?? "") \($0["start"] ?? "") \($0["status"] ?? "")"
            })
    }

    /// The feed's VEVENTs that are marked done, each as its UID, RECURRENCE-ID and DTSTART lines.
    func doneEvents(_ feed: String) -> [[String]] {
        feed.components(separatedBy: "BEGIN:VEVENT\r\n").dropFirst().filter { $0.contains("\r\nSUMMARY:✓ ") }.map {
            $0.components(separatedBy: "\r\n").filter {
                $0.hasPrefix("UID:") || $0.hasPrefix("RECURRENCE-ID") || $0.hasPrefix("DTSTART")
            }
        }
    }

    /// The rows of the wall or a member page (`<li class="…chore status-…">` up to `</li>`) as
    /// their status class and their text without tags, spaces collapsed.
    func rows(_ page: String, _ kind: String) -> [String] {
        page.components(separatedBy: "<li class=\"\(kind) ").dropFirst().map { row in
            let item = row.components(separatedBy: "</li>")[0]
            let status = item.prefix { $0 != "\"" }
            let text = item.replacingOccurrences(of: "<[^>]*>", with: " ", options: .regularExpression)
                .split(whereSeparator: \.isWhitespace).dropFirst().joined(separator: " ")
            return "\(status): \(text)"
        }
    }

    func testOnTheGapDayItsOccurrenceAtHalfPastMidnightIsTheOneMarkedDoneAndDueThatDay() throws {
        // Now Saturday 20:00 -02 (22:00Z); N1's flag was set at 19:00 -02 (21:00Z: 1774731600000),
        // in Saturday's period. Saturday's occurrence of each chore is the current one, due today.
        let out = try outputs(now: "2026-03-28T20:00:00-02:00", modified: 1_774_731_600_000)
        XCTAssertEqual(
            out.agenda,
            """
            2026-03-27T23:30\tN1\tanna\tpast\tHunde füttern
            2026-03-27T23:30\tN2\tanna\tpast\tKatze füttern
            2026-03-29T00:30\tN1\tanna\tdone\tHunde füttern
            2026-03-29T00:30\tN2\tanna\tdue-today\tKatze füttern
            2026-03-29T23:30\tN1\tanna\tupcoming\tHunde füttern
            2026-03-29T23:30\tN2\tanna\tupcoming\tKatze füttern

            """)
        // Listed under Saturday, at the day and time it happens.
        XCTAssertEqual(
            out.text,
            """
            Saturday, 28 March 2026 (today)
              Sunday, 29 March, 00:30  ✓ done       Hunde füttern  Anna
              Sunday, 29 March, 00:30  ● due today  Katze füttern  Anna

            Sunday, 29 March 2026 (tomorrow)
              23:30                    ○ upcoming   Hunde füttern  Anna
              23:30                    ○ upcoming   Katze füttern  Anna

            """)
        // agenda.json starts today: the date an occurrence is listed under is the day it belongs to.
        XCTAssertEqual(
            out.agendaJSON.prefix(2), ["2026-03-28 2026-03-29T00:30 done", "2026-03-29 2026-03-29T23:30 upcoming"])
        // The day it happens is named, since it is not the day the row is listed under.
        XCTAssertEqual(
            rows(out.wall, "wall-chore"),
            ["status-due-today: ● Katze füttern Sunday, 29 March, 00:30", "status-done: ✓ Hunde füttern done"])
        XCTAssertEqual(
            rows(out.member, "chore").prefix(2),
            [
                "status-done: ✓ done Hunde füttern Sunday, 29 March, 00:30 · daily",
                "status-due-today: ● due today Katze füttern Sunday, 29 March, 00:30 · daily",
            ])
        // Saturday's occurrence is the event of its own at its real time (SPEC §5, "Gap days").
        XCTAssertEqual(
            doneEvents(out.feed), [["UID:N1@20260328.gap.aemtli", "DTSTART;TZID=America/Nuuk:20260329T003000"]])
    }

    func testOnTheDayAfterOnlyThatDaysOwnOccurrenceIsDoneAndTheMovedOneIsPast() throws {
        // Now Sunday 10:00 -01 (11:00Z); N1's flag was set at 09:00 -01 (10:00Z: 1774778400000),
        // in Sunday's period. Saturday's occurrence, at 00:30 this morning, is an earlier period's.
        let out = try outputs(now: "2026-03-29T10:00:00-01:00", modified: 1_774_778_400_000)
        XCTAssertEqual(
            out.agenda,
            """
            2026-03-27T23:30\tN1\tanna\tpast\tHunde füttern
            2026-03-27T23:30\tN2\tanna\tpast\tKatze füttern
            2026-03-29T00:30\tN1\tanna\tpast\tHunde füttern
            2026-03-29T00:30\tN2\tanna\tpast\tKatze füttern
            2026-03-29T23:30\tN1\tanna\tdone\tHunde füttern
            2026-03-29T23:30\tN2\tanna\tdue-today\tKatze füttern

            """)
        // agenda.json starts today, and Saturday's occurrence at 00:30 this morning is not today's.
        XCTAssertEqual(
            out.agendaJSON.prefix(2), ["2026-03-29 2026-03-29T23:30 done", "2026-03-30 2026-03-30T23:30 upcoming"])
        XCTAssertEqual(
            rows(out.wall, "wall-chore"),
            ["status-due-today: ● Katze füttern 23:30", "status-done: ✓ Hunde füttern done"])
        XCTAssertEqual(
            rows(out.member, "chore").prefix(2),
            [
                "status-done: ✓ done Hunde füttern 23:30 · daily",
                "status-due-today: ● due today Katze füttern 23:30 · daily",
            ])
        // Sunday's 23:30 is the series' own occurrence: done by an override; the gap event is not.
        XCTAssertEqual(
            doneEvents(out.feed),
            [
                [
                    "UID:N1@aemtli", "RECURRENCE-ID;TZID=America/Nuuk:20260329T233000",
                    "DTSTART;TZID=America/Nuuk:20260329T233000",
                ]
            ])
    }
}
