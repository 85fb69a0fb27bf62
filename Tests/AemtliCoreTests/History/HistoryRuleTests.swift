import AemtliCore
import XCTest

/// README "History and streaks", rule by rule, each with expectations worked out by hand.
final class HistoryRuleTests: XCTestCase {
    private typealias F = HistoryFixtures

    func testMonthlyPeriodsAreCalendarMonthsDueOnTheAnchorDayOrTheMonthsLastDay() {
        // Due on the 31st at 18:00: February's occurrence is the 28th 18:00 CET (17:00Z), March's
        // the 31st 18:00 CEST (16:00Z), April's the 30th. Syncs began 20 January, after January
        // began: January, not ticked, is unknown. February ticked the 28th at 18:00Z (19:00 CET):
        // late. March ticked the 5th: done. April watched, not ticked: missed. May is current and
        // the store's flag is clear: open. Streak 0 (April ends it, May is open), best 2.
        let chore = ScheduleFixtures.chore(.monthly, due: "2026-01-31T18:00", in: F.time, assignee: "m1")
        let events = [
            F.event(.done, "2026-02-28T18:00:00Z"), F.event(.undone, "2026-03-01T07:00:00Z"),
            F.event(.done, "2026-03-05T09:00:00Z"),
        ]
        let history = F.history(
            [chore], events: events, syncs: F.syncs(from: "2026-01-20T00:00:00Z", to: "2026-05-10T08:00:00Z"),
            now: "2026-05-10T10:00:00+02:00", weeks: 20)
        XCTAssertEqual(
            F.lines(history, from: "2026-01-01"),
            [
                "2026-01-01 unknown - m1", "2026-02-01 late 19:00 m1", "2026-03-01 done 10:00 m1",
                "2026-04-01 missed - m1", "2026-05-01 open - m1 now",
            ])
        XCTAssertEqual(F.streaks(history), [0, 2])
    }

    func testStreaksCountThePeriodsBeforeTheWeeksShown() {
        // The case above shown for the current week only: May alone is listed, but the best run
        // is still February (late) and March (done), 2; April's miss ends it and May is open.
        let chore = ScheduleFixtures.chore(.monthly, due: "2026-01-31T18:00", in: F.time, assignee: "m1")
        let events = [
            F.event(.done, "2026-02-28T18:00:00Z"), F.event(.undone, "2026-03-01T07:00:00Z"),
            F.event(.done, "2026-03-05T09:00:00Z"),
        ]
        let history = F.history(
            [chore], events: events, syncs: F.syncs(from: "2026-01-20T00:00:00Z", to: "2026-05-10T08:00:00Z"),
            now: "2026-05-10T10:00:00+02:00", weeks: 1)
        XCTAssertEqual(F.lines(history, from: "2026-05-04"), [])
        XCTAssertEqual(history.chores.first?.periods.map(\.first.description), ["2026-05-01"])
        XCTAssertEqual(F.streaks(history), [0, 2])
    }

    func testAnUndoneAfterADoneInTheSamePeriodLeavesItUndoneAndTheLastTickStands() {
        // Due daily 18:00 CET (17:00Z). 2 March: ticked 08:00, unticked 09:00: nothing stands at
        // the day's end, watched: missed. 3 March: ticked, unticked, ticked again at 20:00 CET:
        // late at 20:00. 4 March: ticked 07:00, on time. The current day (5 March) has the store's
        // flag set at 06:30Z (modified), ticked: on time at 07:30 CET. Streak 3 (3rd, 4th, 5th).
        let history = ticksAndUnticks(inFileOrder: { $0 })
        XCTAssertEqual(
            F.lines(history, from: "2026-03-02"),
            [
                "2026-03-02 missed - m1", "2026-03-03 late 20:00 m1", "2026-03-04 done 07:00 m1",
                "2026-03-05 done 07:30 m1 now",
            ])
        XCTAssertEqual(F.streaks(history), [3, 3])
    }

    func testTicksWrittenOutOfTimeOrderAreTakenInTimeOrder() {
        // The case above with its lines in the file backwards (a journal put together by hand):
        // the marks go by the ticks' times, so they are the same.
        let history = ticksAndUnticks(inFileOrder: { $0.reversed() })
        XCTAssertEqual(
            F.lines(history, from: "2026-03-02"),
            [
                "2026-03-02 missed - m1", "2026-03-03 late 20:00 m1", "2026-03-04 done 07:00 m1",
                "2026-03-05 done 07:30 m1 now",
            ])
    }

    /// The two tests above: a daily chore ticked and unticked 2–4 March, the lines in the file
    /// in the order `inFileOrder` gives them.
    private func ticksAndUnticks(inFileOrder order: ([JournalEvent]) -> [JournalEvent]) -> History {
        let chore = ScheduleFixtures.chore(
            .daily, due: "2026-03-01T18:00", in: F.time, done: true, modified: "2026-03-05T06:30:00Z", assignee: "m1")
        let events = [
            F.event(.done, "2026-03-02T07:00:00Z"), F.event(.undone, "2026-03-02T08:00:00Z"),
            F.event(.done, "2026-03-03T07:00:00Z"), F.event(.undone, "2026-03-03T08:00:00Z"),
            F.event(.done, "2026-03-03T19:00:00Z"),
            F.event(.undone, "2026-03-04T05:00:00Z"), F.event(.done, "2026-03-04T06:00:00Z"),
        ]
        return F.history(
            [chore], events: order(events), syncs: F.syncs(from: "2026-03-01T00:00:00Z", to: "2026-03-05T08:00:00Z"),
            now: "2026-03-05T09:00:00+01:00")
    }

    func testAReassignedChoreKeepsEachPeriodWithWhoeverHadItThen() {
        // Weekly, due Fridays 17:00. Anna (m1) ticks week 10 (Fri 6 March); the app clears the
        // flag on Monday 9 March (an undone, still Anna's). Week 11: nobody ticks; the latest
        // evidence before its end is Anna's untick, so the miss is Anna's. On Wednesday 18 March
        // (week 12) a parent gives the chore to Ben (m2): that is the record's last change, so the
        // store says m2 from then on, and week 12's miss is Ben's. Week 13 is current, open, Ben's.
        let chore = ScheduleFixtures.chore(
            .weekly, due: "2026-03-06T17:00", in: F.time, modified: "2026-03-18T12:00:00Z", assignee: "m2")
        let events = [
            F.event(.done, "2026-03-06T10:00:00Z", by: "m1"), F.event(.undone, "2026-03-09T06:00:00Z", by: "m1"),
        ]
        let history = F.history(
            [chore], events: events, syncs: F.syncs(from: "2026-03-01T00:00:00Z", to: "2026-03-25T06:00:00Z"),
            now: "2026-03-25T09:00:00+01:00", weeks: 4)
        XCTAssertEqual(
            F.lines(history, from: "2026-03-02"),
            [
                "2026-03-02 done 11:00 m1", "2026-03-09 missed - m1", "2026-03-16 missed - m2",
                "2026-03-23 open - m2 now",
            ])
        XCTAssertEqual(F.shares(history, .member("m1")), ["1/1", "0/1", "0/0", "0/0"])
        XCTAssertEqual(F.shares(history, .member("m2")), ["0/0", "0/0", "0/1", "0/1"])
    }

    func testAReassignmentSeenOnlyThroughTheNextTickLeavesTheMissesBeforeItWithTheFormerMember() {
        // As above, but Ben ticks week 13 (26 March), which is now the record's last change: when
        // the chore moved is no longer known, so weeks 11 and 12 stay with Anna, the latest
        // evidence before their ends; week 13 is Ben's tick; week 14 is current, open, Ben's.
        let chore = ScheduleFixtures.chore(
            .weekly, due: "2026-03-06T17:00", in: F.time, modified: "2026-03-26T10:00:00Z", assignee: "m2")
        let events = [
            F.event(.done, "2026-03-06T10:00:00Z", by: "m1"), F.event(.undone, "2026-03-09T06:00:00Z", by: "m1"),
            F.event(.done, "2026-03-26T10:00:00Z", by: "m2"),
        ]
        let history = F.history(
            [chore], events: events, syncs: F.syncs(from: "2026-03-01T00:00:00Z", to: "2026-04-01T06:00:00Z"),
            now: "2026-04-01T09:00:00+02:00", weeks: 5)
        XCTAssertEqual(
            F.lines(history, from: "2026-03-02"),
            [
                "2026-03-02 done 11:00 m1", "2026-03-09 missed - m1", "2026-03-16 missed - m1",
                "2026-03-23 done 11:00 m2", "2026-03-30 open - m2 now",
            ])
        XCTAssertEqual(F.shares(history, .member("m1")), ["1/1", "0/1", "0/1", "0/0", "0/0"])
        XCTAssertEqual(F.shares(history, .member("m2")), ["0/0", "0/0", "0/0", "1/1", "0/1"])
    }

    func testADeletedChoreLeavesHistoryAndItsTicksCountForNobody() {
        // "gone" is in the journal but no longer in the store: it has no periods, and Anna's week
        // (her one daily chore C1, 7 days, all ticked on time at 08:00) is 7/7, not 8/8.
        let chore = ScheduleFixtures.chore(.daily, due: "2026-03-01T18:00", in: F.time, assignee: "m1")
        var events = (2...8).map { F.event(.done, "2026-03-0\($0)T07:00:00Z") }
        events.append(F.event(.done, "2026-03-04T07:00:00Z", chore: "gone"))
        let history = F.history(
            [chore], events: events, syncs: F.syncs(from: "2026-03-01T00:00:00Z", to: "2026-03-09T08:00:00Z"),
            now: "2026-03-09T09:00:00+01:00", weeks: 2)
        XCTAssertEqual(history.chores.map { history.family.chores[$0.choreIndex].id }, ["C1"])
        XCTAssertEqual(F.shares(history, .member("m1")), ["7/7", "0/1"])
        XCTAssertEqual(F.streaks(history), [7, 7])
    }

    func testPeriodsBeforeTheFirstSyncAreUnknownAndATickSeenThenStillCounts() {
        // The first sync ran 4 March 12:00Z, so 2 and 3 March were not watched: unknown. 4 March
        // began before that sync too: unknown, though 5 March's tick at 07:00Z counts (done).
        // 6 March, watched from its start, not ticked: missed. Now is 7 March, flag clear: open.
        let chore = ScheduleFixtures.chore(.daily, due: "2026-03-01T18:00", in: F.time)
        let history = F.history(
            [chore], events: [F.event(.done, "2026-03-05T07:00:00Z", by: nil)],
            syncs: F.syncs(from: "2026-03-04T12:00:00Z", to: "2026-03-07T08:00:00Z"), now: "2026-03-07T09:00:00+01:00")
        XCTAssertEqual(
            F.lines(history, from: "2026-03-02"),
            [
                "2026-03-02 unknown - -", "2026-03-03 unknown - -", "2026-03-04 unknown - -", "2026-03-05 done 08:00 -",
                "2026-03-06 missed - -", "2026-03-07 open - - now",
            ])
        XCTAssertEqual(
            F.shares(history, .unassigned).last, "1/3", "5th done, 6th missed, 7th open; unknown days count nowhere")
    }

    func testAFinishedPeriodWithNoSyncAfterItsEndIsStillUnknown() {
        // The last sync ran 5 March 23:30 CET; now is 6 March 00:10, so 5 March's last half hour
        // was not seen yet: a tick then would still arrive. The 5th is unknown until a sync after midnight.
        let chore = ScheduleFixtures.chore(.daily, due: "2026-03-01T18:00", in: F.time)
        let history = F.history(
            [chore], events: [], syncs: F.syncs(from: "2026-03-01T00:00:00Z", to: "2026-03-05T22:30:00Z"),
            now: "2026-03-06T00:10:00+01:00")
        XCTAssertEqual(
            F.lines(history, from: "2026-03-04"),
            ["2026-03-04 missed - -", "2026-03-05 unknown - -", "2026-03-06 open - - now"])
    }

    func testATickByAMemberNoLongerInTheStoreCountsForThemAndTheFamily() {
        // Week of 2 March: Anna's daily chore ticked on time on the 2nd and 3rd by Anna, on the
        // 4th by "m9", who has since left the family. Syncs watched throughout; the 5th and 6th were
        // missed (Anna's, as the store says), the 7th (now) is open and counts as due; the 8th has
        // not begun. Anna 2 of 5 (2nd, 3rd, 5th, 6th, 7th), m9 1/1, the family 3/6, Ben nothing.
        let chore = ScheduleFixtures.chore(.daily, due: "2026-03-01T18:00", in: F.time, assignee: "m1")
        let events = [
            F.event(.done, "2026-03-02T07:00:00Z"), F.event(.undone, "2026-03-03T01:00:00Z"),
            F.event(.done, "2026-03-03T07:00:00Z"),
            F.event(.undone, "2026-03-04T01:00:00Z"), F.event(.done, "2026-03-04T07:00:00Z", by: "m9"),
            F.event(.undone, "2026-03-05T01:00:00Z"),
        ]
        let history = F.history(
            [chore], events: events, syncs: F.syncs(from: "2026-03-01T00:00:00Z", to: "2026-03-07T08:00:00Z"),
            now: "2026-03-07T09:00:00+01:00", weeks: 1)
        XCTAssertEqual(F.shares(history, .member("m1")), ["2/5"])
        XCTAssertEqual(F.shares(history, .member("m9")), ["1/1"])
        XCTAssertEqual(F.shares(history, .member("m2")), ["0/0"])
        XCTAssertEqual(F.shares(history, .family), ["3/6"])
    }

    func testADoneOnceChoreWhoseTickNamesNoAssigneeBelongsToTheStoresAssignee() {
        // Ben's once chore, due 10 March 18:00, is done in the store; the journal's one line for
        // it carries no assignedTo. The period is Ben's, on time (ticked 09:00 CET): Ben 1/1.
        let chore = ScheduleFixtures.chore(.once, due: "2026-03-10T18:00", in: F.time, done: true, assignee: "m2")
        let history = F.history(
            [chore], events: [F.event(.done, "2026-03-10T08:00:00Z", by: nil)],
            syncs: F.syncs(from: "2026-03-09T00:00:00Z", to: "2026-03-10T12:00:00Z"), now: "2026-03-10T14:00:00+01:00",
            weeks: 1)
        XCTAssertEqual(F.lines(history, from: "2026-03-09"), ["2026-03-10 done 09:00 m2 now"])
        XCTAssertEqual(F.shares(history, .member("m2")), ["1/1"])
    }
}
