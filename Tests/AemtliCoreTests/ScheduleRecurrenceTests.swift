import AemtliCore
import XCTest

final class ScheduleRecurrenceTests: XCTestCase {
    typealias F = ScheduleFixtures
    let time = F.time("UTC")

    func dates(_ chore: Chore, _ from: String, _ to: String) -> [String] {
        chore.occurrences(from: F.day(from), to: F.day(to), in: time).map { $0.date.description }
    }

    func testMonthlyOnThe31stClampsToEachMonthsLastDayThroughALeapYear() {
        let chore = F.chore(.monthly, due: "2024-01-31T10:00", in: time)
        XCTAssertEqual(
            dates(chore, "2024-01-01", "2024-08-01"),
            ["2024-01-31", "2024-02-29", "2024-03-31", "2024-04-30", "2024-05-31", "2024-06-30", "2024-07-31"])
        XCTAssertEqual(dates(chore, "2025-01-01", "2025-04-01"), ["2025-01-31", "2025-02-28", "2025-03-31"])
    }

    func testMonthlyOnThe30thAnd29th() {
        XCTAssertEqual(
            dates(F.chore(.monthly, due: "2024-01-30T10:00", in: time), "2024-02-01", "2024-04-01"),
            ["2024-02-29", "2024-03-30"])
        XCTAssertEqual(
            dates(F.chore(.monthly, due: "2025-01-30T10:00", in: time), "2025-02-01", "2025-04-01"),
            ["2025-02-28", "2025-03-30"])
        XCTAssertEqual(
            dates(F.chore(.monthly, due: "2025-01-29T10:00", in: time), "2025-02-01", "2025-04-01"),
            ["2025-02-28", "2025-03-29"])
        XCTAssertEqual(
            dates(F.chore(.monthly, due: "2023-12-29T10:00", in: time), "2024-02-01", "2024-03-01"), ["2024-02-29"])
    }

    func testWeeklyAndDailyStartAtTheAnchor() {
        let weekly = F.chore(.weekly, due: "2026-03-04T18:00", in: time)
        XCTAssertEqual(
            dates(weekly, "2026-02-01", "2026-03-26"), ["2026-03-04", "2026-03-11", "2026-03-18", "2026-03-25"])
        XCTAssertEqual(
            dates(F.chore(.daily, due: "2026-03-04T18:00", in: time), "2026-03-01", "2026-03-07"),
            ["2026-03-04", "2026-03-05", "2026-03-06"])
    }

    func testWithoutADueDateTheSeriesStartsAtCreation() {
        var chore = F.chore(.daily, due: nil, in: time)
        chore.createdAt = F.instant("2026-03-04T07:15:00Z")
        XCTAssertEqual(
            F.expand(chore, "2026-03-01", "2026-03-06", in: time),
            ["2026-03-04T07:15 = 2026-03-04T07:15Z", "2026-03-05T07:15 = 2026-03-05T07:15Z"])
    }

    func testADeadlineEndsTheSeriesIncludingAnOccurrenceExactlyAtIt() {
        let through = F.chore(.weekly, due: "2026-03-02T18:00", in: time, deadline: "2026-03-23T18:00")
        XCTAssertEqual(
            dates(through, "2026-03-01", "2026-05-01"), ["2026-03-02", "2026-03-09", "2026-03-16", "2026-03-23"])
        let before = F.chore(.weekly, due: "2026-03-02T18:00", in: time, deadline: "2026-03-23T17:59")
        XCTAssertEqual(dates(before, "2026-03-01", "2026-05-01"), ["2026-03-02", "2026-03-09", "2026-03-16"])
        let monthly = F.chore(.monthly, due: "2026-01-31T00:00", in: time, deadline: "2026-04-15T00:00")
        XCTAssertEqual(dates(monthly, "2026-01-01", "2027-01-01"), ["2026-01-31", "2026-02-28", "2026-03-31"])
    }

    func testOnceChoresOccurAtTheirDueDateElseTheirDeadlineElseNever() {
        XCTAssertEqual(
            F.expand(
                F.chore(.once, due: "2026-03-05T10:00", in: time, deadline: "2026-03-07T18:00"), "2026-03-01",
                "2026-04-01", in: time),
            ["2026-03-05T10:00 = 2026-03-05T10:00Z"])
        XCTAssertEqual(
            F.expand(
                F.chore(.once, due: nil, in: time, deadline: "2026-03-07T18:00"), "2026-03-01", "2026-04-01", in: time),
            ["2026-03-07T18:00 = 2026-03-07T18:00Z"])
        XCTAssertEqual(F.expand(F.chore(.once, due: nil, in: time), "2000-01-01", "2100-01-01", in: time), [])
        XCTAssertEqual(
            F.expand(F.chore(.once, due: "2026-03-05T00:00", in: time), "2026-03-05", "2026-03-06", in: time),
            ["2026-03-05T00:00 = 2026-03-05T00:00Z all-day"])
    }

    func testAnOldSeriesCostsOnlyItsWindow() {
        let old = F.chore(.daily, due: "1950-01-01T07:00", in: time)
        XCTAssertEqual(dates(old, "2026-03-01", "2026-03-03"), ["2026-03-01", "2026-03-02"])
        XCTAssertEqual(
            dates(F.chore(.monthly, due: "1950-01-31T07:00", in: time), "2026-02-01", "2026-03-01"), ["2026-02-28"])
    }
}
