import AemtliCore
import XCTest

/// SPEC §4's status and countdown at each boundary, in Europe/Zurich with dueSoonDays 3.
final class ScheduleStatusTests: XCTestCase {
    typealias F = ScheduleFixtures
    let time = F.time("Europe/Zurich")

    func schedule(_ now: String) -> Schedule {
        Schedule(time: time, now: F.local(now, in: time), dueSoonDays: 3)
    }

    func testATimedOccurrenceIsOverdueOnlyAfterItsTime() {
        let chore = F.chore(.daily, due: "2026-03-20T18:00", in: time)
        XCTAssertEqual(schedule("2026-03-25T17:59").status(of: chore), .dueToday)
        XCTAssertEqual(schedule("2026-03-25T18:00").status(of: chore), .dueToday)
        XCTAssertEqual(schedule("2026-03-25T18:00:01").status(of: chore), .overdue)
        XCTAssertEqual(schedule("2026-03-25T18:00:01").countdown(of: chore), 0)
        XCTAssertEqual(schedule("2026-03-26T00:00").status(of: chore), .dueToday, "a new day, a new period")
    }

    func testAnAllDayOccurrenceIsDueUntilTheEndOfItsDay() {
        let chore = F.chore(.once, due: "2026-03-25T00:00", in: time)
        XCTAssertEqual(schedule("2026-03-25T23:59:59").status(of: chore), .dueToday)
        XCTAssertEqual(schedule("2026-03-26T00:00").status(of: chore), .overdue)
        XCTAssertEqual(schedule("2026-03-27T09:00").countdown(of: chore), -2)
    }

    func testDueSoonEndsAfterDueSoonDays() {
        let inThree = F.chore(.once, due: "2026-03-28T10:00", in: time)
        let inFour = F.chore(.once, due: "2026-03-29T10:00", in: time)
        XCTAssertEqual(schedule("2026-03-25T10:00").status(of: inThree), .dueSoon)
        XCTAssertEqual(schedule("2026-03-25T10:00").countdown(of: inThree), 3)
        XCTAssertEqual(schedule("2026-03-25T10:00").status(of: inFour), .upcoming)
        XCTAssertEqual(schedule("2026-03-25T10:00").countdown(of: inFour), 4, "calendar days, across the DST change")
    }

    func testAOnceChoreWithADeadlineIsDueByTheDeadline() {
        let chore = F.chore(.once, due: "2026-03-24T10:00", in: time, deadline: "2026-03-27T18:00")
        XCTAssertEqual(schedule("2026-03-25T10:00").status(of: chore), .dueSoon)
        XCTAssertEqual(schedule("2026-03-25T10:00").countdown(of: chore), 2)
        XCTAssertEqual(schedule("2026-03-27T18:30").status(of: chore), .overdue)
        let deadlineOnly = F.chore(.once, due: nil, in: time, deadline: "2026-03-25T18:00")
        XCTAssertEqual(schedule("2026-03-25T10:00").status(of: deadlineOnly), .dueToday)
    }

    func testDoneCountsOnlyForTheCurrentPeriod() {
        let fresh = F.chore(.daily, due: "2026-03-20T07:00", in: time, done: true, modified: "2026-03-25T06:00:00Z")
        let stale = F.chore(.daily, due: "2026-03-20T07:00", in: time, done: true, modified: "2026-03-24T20:00:00Z")
        XCTAssertEqual(schedule("2026-03-25T10:00").status(of: fresh), .done)
        XCTAssertEqual(schedule("2026-03-25T10:00").status(of: stale), .overdue)
        XCTAssertEqual(
            schedule("2026-03-25T10:00").status(of: F.chore(.once, due: "2026-03-01T10:00", in: time, done: true)),
            .done)
    }

    func testUndatedNotStartedAndEndedChores() {
        XCTAssertEqual(schedule("2026-03-25T10:00").status(of: F.chore(.once, due: nil, in: time)), .undated)
        XCTAssertNil(schedule("2026-03-25T10:00").countdown(of: F.chore(.once, due: nil, in: time)))
        let later = F.chore(.weekly, due: "2026-04-10T09:00", in: time)
        XCTAssertEqual(schedule("2026-03-25T10:00").status(of: later), .upcoming)
        XCTAssertEqual(schedule("2026-03-25T10:00").countdown(of: later), 16)
        let ended = F.chore(.daily, due: "2026-03-01T09:00", in: time, deadline: "2026-03-10T09:00")
        XCTAssertNil(schedule("2026-03-25T10:00").status(of: ended))
    }

    func testWeeklyChoreLaterThisWeek() {
        // Wednesday 2026-03-25; the weekly chore falls on Fridays.
        let chore = F.chore(.weekly, due: "2026-03-06T17:00", in: time)
        XCTAssertEqual(schedule("2026-03-25T10:00").status(of: chore), .dueSoon)
        XCTAssertEqual(schedule("2026-03-25T10:00").countdown(of: chore), 2)
        XCTAssertEqual(
            schedule("2026-03-28T10:00").status(of: chore), .overdue, "Saturday: this week's Friday has passed")
    }

    func testProgressCountsTheWeeksItems() {
        // Now: Wednesday 2026-03-25 10:00; the week is 03-23 … 03-29.
        let chores = [
            F.chore(
                .daily, due: "2026-03-01T07:00", in: time, done: true, modified: "2026-03-25T06:30:00Z",
                id: "daily-done"),
            F.chore(.weekly, due: "2026-03-02T08:00", in: time, id: "weekly-overdue"),
            F.chore(.monthly, due: "2026-04-03T08:00", in: time, id: "monthly-not-started"),
            F.chore(.once, due: "2026-03-27T08:00", in: time, id: "once-this-week"),
            F.chore(.once, due: "2026-04-20T08:00", in: time, id: "once-next-month"),
            F.chore(.once, due: "2026-02-20T08:00", in: time, id: "once-overdue"),
            F.chore(
                .once, due: "2026-03-18T08:00", in: time, done: true, modified: "2026-03-19T08:00:00Z",
                id: "once-done-last-week"),
            F.chore(
                .once, due: "2026-03-18T08:00", in: time, done: true, modified: "2026-03-24T08:00:00Z",
                id: "once-done-this-week"),
        ]
        XCTAssertEqual(schedule("2026-03-25T10:00").progress(of: chores), Progress(done: 2, total: 5, overdue: 2))
        XCTAssertEqual(Progress(done: 2, total: 5).percentage, 40)
        XCTAssertEqual(Progress(done: 1, total: 3).percentage, 33)
        XCTAssertEqual(Progress(done: 2, total: 3).percentage, 67)
        XCTAssertNil(Progress().percentage)
    }

    /// SPEC §4 as changed on 2026-11-23: a monthly chore counts in the week its occurrence falls
    /// in, or while it is overdue; done earlier in the month it is not this week's item.
    func testAMonthlyChoreCountsOnlyInItsOwnWeekOrWhileOverdue() {
        // Now: Wednesday 2026-03-25 10:00; the week is 03-23 … 03-29.
        let now = schedule("2026-03-25T10:00")
        let nextWeek = F.chore(.monthly, due: "2026-01-31T08:00", in: time, id: "monthly-31st")
        XCTAssertEqual(
            now.progress(of: [nextWeek]), Progress(), "due Tuesday 31 March, next week: no item, not '0 of 1'")
        let thisWeek = F.chore(.monthly, due: "2026-01-27T08:00", in: time, id: "monthly-27th")
        XCTAssertEqual(now.progress(of: [thisWeek]), Progress(done: 0, total: 1, overdue: 0), "due Friday 27 March")
        let overdue = F.chore(.monthly, due: "2026-01-05T08:00", in: time, id: "monthly-5th")
        XCTAssertEqual(now.progress(of: [overdue]), Progress(done: 0, total: 1, overdue: 1), "5 March passed, open")
        let doneEarlier = F.chore(
            .monthly, due: "2026-01-05T08:00", in: time, done: true, modified: "2026-03-05T09:00:00Z",
            id: "monthly-done")
        XCTAssertEqual(
            now.progress(of: [doneEarlier]), Progress(), "done on 5 March: that week's item, not this week's")
        let startsFriday = F.chore(.daily, due: "2026-03-27T07:00", in: time, id: "daily-from-friday")
        XCTAssertEqual(
            now.progress(of: [startsFriday]), Progress(done: 0, total: 1, overdue: 0), "first due Friday: this week's")
    }

    func testAgendaMarksOtherPeriodsPastAndUpcoming() {
        let family = Family(
            members: [FamilyMember(id: "M1", name: "Jürg Müller", role: .child)],
            chores: [
                F.chore(.daily, due: "2026-03-20T18:00", in: time, id: "C2", assignee: "M1"),
                F.chore(.once, due: "2026-03-25T18:00", in: time, id: "C1"),
            ])
        let agenda = schedule("2026-03-25T10:00").agenda(of: family, from: F.day("2026-03-24"), to: F.day("2026-03-27"))
        let lines = agenda.entries.map {
            "\($0.occurrence.local) \(agenda.chore(of: $0).id) \(agenda.slug(of: $0) ?? "-") \($0.status.rawValue)"
        }
        XCTAssertEqual(
            lines,
            [
                "2026-03-24T18:00 C2 jurg-muller past",
                "2026-03-25T18:00 C1 - due-today",
                "2026-03-25T18:00 C2 jurg-muller due-today",
                "2026-03-26T18:00 C2 jurg-muller upcoming",
            ])
        let own = schedule("2026-03-25T10:00").agenda(
            of: family, choreIndices: [0], from: F.day("2026-03-24"), to: F.day("2026-03-27"))
        XCTAssertEqual(
            own.entries.map(\.occurrence.local.description),
            ["2026-03-24T18:00", "2026-03-25T18:00", "2026-03-26T18:00"])
        XCTAssertEqual(Set(own.entries.map { own.chore(of: $0).id }), ["C2"])
    }
}
