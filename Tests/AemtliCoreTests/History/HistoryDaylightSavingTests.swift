import AemtliCore
import XCTest

/// Periods across Zurich's changes of offset: 2026-03-29 has 23 hours (02:00 CET jumps to
/// 03:00 CEST), 2026-10-25 has 25 (03:00 CEST falls back to 02:00 CET).
final class HistoryDaylightSavingTests: XCTestCase {
    private typealias F = HistoryFixtures

    func testATickOnTheShortDayIsOnTimeBeforeTheMovedDueTimeAndLateAfterIt() {
        // Due daily at 02:30, which does not exist on 29 March: SPEC §4 moves it forward by the
        // gap, to 03:30 CEST = 01:30Z. C1 is ticked at 01:15Z (03:15 CEST): on time. C2 at
        // 01:45Z (03:45 CEST): late. On 28 March 02:30 CET = 01:30Z; C1's tick at 01:15Z is on time.
        let c1 = ScheduleFixtures.chore(.daily, due: "2026-03-20T02:30", in: F.time, id: "C1")
        let c2 = ScheduleFixtures.chore(.daily, due: "2026-03-20T02:30", in: F.time, id: "C2")
        let events = [
            F.event(.done, "2026-03-28T01:15:00Z"), F.event(.done, "2026-03-29T01:15:00Z"),
            F.event(.done, "2026-03-29T01:45:00Z", chore: "C2"),
        ]
        let history = F.history(
            [c1, c2], events: events, syncs: F.syncs(from: "2026-03-20T00:00:00Z", to: "2026-03-31T12:00:00Z"),
            now: "2026-03-31T12:00:00+02:00")
        XCTAssertEqual(
            F.lines(history, from: "2026-03-28").prefix(2), ["2026-03-28 done 02:15 m1", "2026-03-29 done 03:15 m1"])
        XCTAssertEqual(F.lines(history, chore: "C2", from: "2026-03-29").first, "2026-03-29 late 03:45 m1")
    }

    func testAGapOfTwentyThreeAndAHalfHoursLeavesTheShortDayUnknownButNotAFullDay() {
        // 29 March runs from 28 March 23:00Z to 29 March 22:00Z: 23 hours. No sync from 22:45Z on
        // the 28th to 22:15Z on the 29th: a gap of 23.5 hours, longer than the day, so unknown.
        // The same gap over 27 March (26th 23:00Z to 27th 23:00Z, 24 hours) is shorter than that
        // day, so the day, ticked by nobody, is missed. Syncs run every 15 minutes otherwise.
        let chore = ScheduleFixtures.chore(.daily, due: "2026-03-20T18:00", in: F.time)
        let gaps: [Range<Int64>] = [
            F.millis("2026-03-26T22:45:01Z")..<F.millis("2026-03-27T22:15:00Z"),
            F.millis("2026-03-28T22:45:01Z")..<F.millis("2026-03-29T22:15:00Z"),
        ]
        let hourly: [Int64] = F.syncs(from: "2026-03-20T00:00:00Z", to: "2026-03-31T12:00:00Z")
        var syncs: [Int64] = []
        for hour in hourly {
            for quarter: Int64 in [0, 900_000, 1_800_000, 2_700_000]
            where !gaps.contains(where: { $0.contains(hour + quarter) }) {
                syncs.append(hour + quarter)
            }
        }
        let history = F.history([chore], events: [], syncs: syncs, now: "2026-03-31T12:00:00+02:00")
        XCTAssertEqual(
            F.lines(history, from: "2026-03-26").prefix(5),
            [
                "2026-03-26 missed - -", "2026-03-27 missed - -", "2026-03-28 missed - -", "2026-03-29 unknown - -",
                "2026-03-30 missed - -",
            ])
    }

    func testTheLongDayKeepsItsTwentyFifthHourAndTheRepeatedTimeIsTheFirst() {
        // 25 October runs from the 24th 22:00Z to the 25th 23:00Z. Due at 02:30, which exists
        // twice: the first, 02:30 CEST = 00:30Z, is the due time. C1's tick at 00:20Z (02:20
        // CEST) is on time; C2's at 01:45Z (02:45 CET, the second pass) is late. C3 is all-day:
        // its tick at 22:30Z is 23:30 CET, still the 25th, so the 25th is done and the 26th,
        // watched and not ticked, is missed.
        let c1 = ScheduleFixtures.chore(.daily, due: "2026-10-20T02:30", in: F.time, id: "C1", assignee: "m1")
        let c2 = ScheduleFixtures.chore(.daily, due: "2026-10-20T02:30", in: F.time, id: "C2", assignee: "m1")
        let c3 = ScheduleFixtures.chore(.daily, due: "2026-10-20", in: F.time, id: "C3", assignee: "m1")
        let events = [
            F.event(.done, "2026-10-25T00:20:00Z"), F.event(.done, "2026-10-25T01:45:00Z", chore: "C2"),
            F.event(.done, "2026-10-25T22:30:00Z", chore: "C3"),
        ]
        let history = F.history(
            [c1, c2, c3], events: events, syncs: F.syncs(from: "2026-10-19T00:00:00Z", to: "2026-10-28T08:00:00Z"),
            now: "2026-10-28T09:00:00+01:00")
        XCTAssertEqual(F.lines(history, from: "2026-10-25").first, "2026-10-25 done 02:20 m1")
        XCTAssertEqual(F.lines(history, chore: "C2", from: "2026-10-25").first, "2026-10-25 late 02:45 m1")
        XCTAssertEqual(
            F.lines(history, chore: "C3", from: "2026-10-25").prefix(2),
            ["2026-10-25 done 23:30 m1", "2026-10-26 missed - m1"])
    }

    func testAWeeklyChoreInTheShortWeekCountsInThatWeeksShare() {
        // Week 13 of 2026 (23–29 March) has 167 hours. A weekly chore due Sundays 20:00 is
        // ticked on 29 March at 18:30Z (20:30 CEST): late, and done for the week's share, 1/1.
        // Week 12 (due 22 March) was watched and not ticked: 0/1. Week 14 is the current week: open, 0/1.
        let chore = ScheduleFixtures.chore(.weekly, due: "2026-03-15T20:00", in: F.time, assignee: "m2")
        let history = F.history(
            [chore], events: [F.event(.done, "2026-03-29T18:30:00Z", by: "m2")],
            syncs: F.syncs(from: "2026-03-15T00:00:00Z", to: "2026-04-01T08:00:00Z"), now: "2026-04-01T10:00:00+02:00",
            weeks: 3)
        XCTAssertEqual(history.weeks.map(\.description), ["2026-W12", "2026-W13", "2026-W14"])
        XCTAssertEqual(
            F.lines(history, from: "2026-03-16"),
            ["2026-03-16 missed - m2", "2026-03-23 late 20:30 m2", "2026-03-30 open - m2 now"])
        XCTAssertEqual(F.shares(history, .member("m2")), ["0/1", "1/1", "0/1"])
        XCTAssertEqual(F.shares(history, .family), ["0/1", "1/1", "0/1"])
    }
}
