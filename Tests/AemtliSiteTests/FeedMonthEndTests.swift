import AemtliCore
import AemtliSite
import Foundation
import XCTest

/// Monthly chores at the end of the month, written without BYSETPOS (SPEC §5): the 31st as the
/// month's last day, the 29th and 30th as months but February plus February's last day as an
/// event of its own. Zurich; now is Thursday 2028-02-10 08:00 (+01:00), in a leap year's February.
final class FeedMonthEndTests: XCTestCase {
    let now = Date(timeIntervalSince1970: 1_833_778_800)
    let anna = FamilyMember(id: "M1", name: "Anna", role: .child)
    let zurich = TimeZone(identifier: "Europe/Zurich")!

    func build(_ chores: (FamilyTime) -> [Chore], now: Date? = nil) -> FeedBuilder {
        let now = now ?? self.now
        let time = FamilyTime(timeZone: zurich, around: now)
        return FeedBuilder(
            site: Site(
                family: Family(members: [anna], chores: chores(time)), schedule: Schedule(time: time, now: now),
                words: Words(.en), title: "Ämtli",
                options: SiteOptions(baseURL: nil, eventMinutes: 30, reminderMinutes: nil)))
    }

    func at(_ time: FamilyTime, _ y: Int, _ m: Int, _ d: Int, _ h: Int = 0, _ min: Int = 0) -> Date {
        time.instant(LocalDateTime(date: CivilDate(year: y, month: m, day: d), hour: h, minute: min))
    }

    func monthly(_ id: String, _ due: Date, deadline: Date? = nil, isDone: Bool = false) -> Chore {
        Chore(
            id: id, title: "Rechnungen", assigneeID: "M1", dueDate: due, isDone: isDone, recurrence: .monthly,
            createdAt: due.addingTimeInterval(-86_400), deadline: deadline,
            modified: isDone ? now.addingTimeInterval(-3600) : nil)
    }

    func testNoFeedWritesBYSETPOS() {
        let feeds = build { time in
            (28...31).flatMap { day in
                [
                    self.monthly(
                        "T\(day)", self.at(time, 2027, 1, day, 18, 0),
                        deadline: day == 30 ? self.at(time, 2028, 10, 15, 12, 0) : nil),
                    self.monthly("A\(day)", self.at(time, 2027, 1, day)),
                ]
            }
        }
        for feed in [feeds.memberFeed(anna), feeds.familyFeed()] {
            XCTAssertFalse(feed.contains("BYSETPOS"))
            let rules = Set(
                FeedText.lines(feed).filter {
                    $0.hasPrefix("RRULE:FREQ=MONTHLY") || $0.contains(";BYMONTH=2;")
                })
            XCTAssertEqual(
                rules,
                [
                    "RRULE:FREQ=MONTHLY",
                    "RRULE:FREQ=MONTHLY;BYMONTH=1,3,4,5,6,7,8,9,10,11,12;BYMONTHDAY=29",
                    "RRULE:FREQ=MONTHLY;BYMONTH=1,3,4,5,6,7,8,9,10,11,12;BYMONTHDAY=30",
                    // 2028-10-15 12:00 +02:00 is 10:00 UTC.
                    "RRULE:FREQ=MONTHLY;UNTIL=20281015T100000Z;BYMONTH=1,3,4,5,6,7,8,9,10,11,12;BYMONTHDAY=30",
                    "RRULE:FREQ=MONTHLY;BYMONTHDAY=-1",
                    "RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1",
                    "RRULE:FREQ=YEARLY;UNTIL=20281015T100000Z;BYMONTH=2;BYMONTHDAY=-1",
                ])
        }
    }

    func testThe30thLeavesFebruaryToAnEventOfItsOwn() throws {
        let feed = build { time in [self.monthly("B30", self.at(time, 2027, 1, 30, 19, 0))] }.memberFeed(anna)
        let series = try XCTUnwrap(FeedText.event("B30@aemtli", in: feed))
        XCTAssertTrue(series.contains("DTSTART;TZID=Europe/Zurich:20270130T190000"))
        XCTAssertTrue(series.contains("RRULE:FREQ=MONTHLY;BYMONTH=1,3,4,5,6,7,8,9,10,11,12;BYMONTHDAY=30"))
        // The first February after January 30, 2027 ends on the 28th.
        let february = try XCTUnwrap(FeedText.event("B30@feb.aemtli", in: feed))
        XCTAssertTrue(february.contains("DTSTART;TZID=Europe/Zurich:20270228T190000"))
        XCTAssertTrue(february.contains("RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1"))
        XCTAssertTrue(february.contains("SUMMARY:Rechnungen"))
        XCTAssertEqual(FeedText.events(feed).count, 2)
    }

    func testAnAllDay29thFromAprilFirstMeetsFebruaryInTheLeapYear() throws {
        let feed = build { time in [self.monthly("P29", self.at(time, 2027, 4, 29))] }.memberFeed(anna)
        XCTAssertTrue(try XCTUnwrap(FeedText.event("P29@aemtli", in: feed)).contains("DTSTART;VALUE=DATE:20270429"))
        XCTAssertTrue(try XCTUnwrap(FeedText.event("P29@feb.aemtli", in: feed)).contains("DTSTART;VALUE=DATE:20280229"))
    }

    func testAChoreFirstDueOnFebruary29thStartsItsOtherMonthsInMarch() throws {
        let feed = build { time in [self.monthly("L29", self.at(time, 2028, 2, 29, 9, 0))] }.memberFeed(anna)
        let series = try XCTUnwrap(FeedText.event("L29@aemtli", in: feed))
        XCTAssertTrue(series.contains("DTSTART;TZID=Europe/Zurich:20280329T090000"))
        let february = try XCTUnwrap(FeedText.event("L29@feb.aemtli", in: feed))
        XCTAssertTrue(february.contains("DTSTART;TZID=Europe/Zurich:20280229T090000"))
    }

    func testAFebruaryAfterTheDeadlineIsNotWritten() {
        let feed = build { time in
            [self.monthly("S30", self.at(time, 2028, 3, 30, 9, 0), deadline: self.at(time, 2028, 12, 31, 12, 0))]
        }.memberFeed(anna)
        XCTAssertEqual(FeedText.lines(feed).filter { $0.hasPrefix("UID:") }, ["UID:S30@aemtli"])
    }

    func testADoneFebruaryOccurrenceIsMarkedInTheFebruaryEvent() throws {
        let feeds = build { time in [self.monthly("D30", self.at(time, 2027, 1, 30, 19, 0), isDone: true)] }
        for (feed, title) in [(feeds.memberFeed(anna), "Rechnungen"), (feeds.familyFeed(), "Anna: Rechnungen")] {
            // This month's occurrence is February 29, 2028, held by the February event.
            let done = try XCTUnwrap(FeedText.event("D30@feb.aemtli", override: true, in: feed))
            XCTAssertTrue(done.contains("RECURRENCE-ID;TZID=Europe/Zurich:20280229T190000"))
            XCTAssertTrue(done.contains("DTSTART;TZID=Europe/Zurich:20280229T190000"))
            XCTAssertTrue(done.contains("SUMMARY:✓ " + title))
            XCTAssertNil(FeedText.event("D30@aemtli", override: true, in: feed))
            XCTAssertEqual(FeedText.lines(feed).filter { $0.hasPrefix("SUMMARY:✓") }.count, 1)
        }
    }

    func testUIDsStayTheSameInBuildsAMonthApart() {
        let chores = { (time: FamilyTime) -> [Chore] in
            [
                self.monthly("M30", self.at(time, 2024, 1, 30, 19, 0)),
                Chore(
                    id: "N1", title: "Hühner", assigneeID: "M1", dueDate: self.at(time, 2024, 1, 10, 2, 30),
                    recurrence: .daily, createdAt: self.at(time, 2024, 1, 1, 8, 0)),
            ]
        }
        // 2026-03-01 and 2026-04-01, 08:00 in Zurich. Zurich's spring-forward days within two years
        // of each: 2024-03-31 (only the first), 2025-03-30, 2026-03-29, 2027-03-28, 2028-03-26
        // (only the second).
        let march = build(chores, now: Date(timeIntervalSince1970: 1_772_348_400)).memberFeed(anna)
        let april = build(chores, now: Date(timeIntervalSince1970: 1_775_023_200)).memberFeed(anna)
        func events(_ feed: String) -> [String: [String]] {
            Dictionary(
                FeedText.events(feed).map { event in
                    // DTSTAMP is now, and the countdown in DESCRIPTION counts from now: both may change.
                    (
                        event.first { $0.hasPrefix("UID:") }!,
                        event.filter { !$0.hasPrefix("DTSTAMP") && !$0.hasPrefix("DESCRIPTION") }
                    )
                }
            ) { first, _ in first }
        }
        let (first, second) = (events(march), events(april))
        let shared = [
            "UID:M30@aemtli", "UID:M30@feb.aemtli", "UID:N1@aemtli", "UID:N1@20250330.gap.aemtli",
            "UID:N1@20260329.gap.aemtli", "UID:N1@20270328.gap.aemtli",
        ]
        XCTAssertEqual(Set(first.keys), Set(shared + ["UID:N1@20240331.gap.aemtli"]))
        XCTAssertEqual(Set(second.keys), Set(shared + ["UID:N1@20280326.gap.aemtli"]))
        for uid in Set(first.keys).intersection(second.keys) where uid != "UID:N1@aemtli" {
            XCTAssertEqual(first[uid], second[uid], uid)
        }
    }
}
