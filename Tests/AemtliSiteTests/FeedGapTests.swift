import AemtliCore
import AemtliSite
import Foundation
import XCTest

/// Occurrences written in a spring-forward gap leave their series and are events of their own at
/// the real time (SPEC §5, "Gap days"). The expected times are read off the zones' published
/// changes: Zurich went from 02:00 +01:00 to 03:00 +02:00 on 2026-03-29; Dhaka from 23:00 +06:00
/// to 00:00 +07:00 on 2009-06-19; Kwajalein skipped 1993-08-21 whole (-12:00 to +12:00).
final class FeedGapTests: XCTestCase {
    let anna = FamilyMember(id: "M1", name: "Anna", role: .child)

    func feed(_ zone: String, now: Date, _ chores: (FamilyTime) -> [Chore]) throws -> String {
        let time = FamilyTime(timeZone: try XCTUnwrap(TimeZone(identifier: zone)), around: now)
        return FeedBuilder(
            site: Site(
                family: Family(members: [anna], chores: chores(time)), schedule: Schedule(time: time, now: now),
                words: Words(.en), title: "Ämtli",
                options: SiteOptions(baseURL: nil, eventMinutes: 30, reminderMinutes: nil))
        ).memberFeed(anna)
    }

    func at(_ time: FamilyTime, _ y: Int, _ m: Int, _ d: Int, _ h: Int, _ min: Int) -> Date {
        time.instant(LocalDateTime(date: CivilDate(year: y, month: m, day: d), hour: h, minute: min))
    }

    func lines(_ feed: String) -> [String] {
        FeedText.lines(feed)
    }

    func testAChoreDoneInTheZurichGapIsADoneEventOfItsOwnAtTheRealTime() throws {
        let now = Date(timeIntervalSince1970: 1_774_771_200)  // 2026-03-29T10:00:00+02:00
        let feed = try feed("Europe/Zurich", now: now) { time in
            let anchor = self.at(time, 2026, 3, 20, 2, 30)
            return [
                Chore(
                    id: "G1", title: "Hühner", assigneeID: "M1", dueDate: anchor, isDone: true,
                    recurrence: .daily, createdAt: anchor, modified: now.addingTimeInterval(-3600))
            ]
        }
        // The series keeps its 02:30 and leaves the gap day out at 02:30 +01:00 (01:30Z) and
        // 02:30 +02:00 (00:30Z); the day's own event is at 03:30, done.
        XCTAssertTrue(feed.contains("\r\nUID:G1@aemtli\r\n"))
        XCTAssertTrue(
            feed.contains(
                "\r\nDTSTART;TZID=Europe/Zurich:20260320T023000\r\nRRULE:FREQ=DAILY\r\n"
                    + "EXDATE:20260329T013000Z,20260329T003000Z\r\n"), feed)
        XCTAssertTrue(feed.contains("\r\nUID:G1@20260329.gap.aemtli\r\n"))
        XCTAssertTrue(feed.contains("\r\nDTSTART;TZID=Europe/Zurich:20260329T033000\r\nSUMMARY:✓ Hühner\r\n"), feed)
        XCTAssertFalse(feed.contains("RECURRENCE-ID"), "no override: ical.js ignores one at the real time")
        // The next two spring-forward days, 2027-03-28 and 2028-03-26, lie within two years of now.
        XCTAssertEqual(
            lines(feed).filter { $0.hasPrefix("UID:") },
            [
                "UID:G1@aemtli", "UID:G1@20260329.gap.aemtli", "UID:G1@20270328.gap.aemtli",
                "UID:G1@20280326.gap.aemtli",
            ])
        XCTAssertEqual(lines(feed).filter { $0.hasPrefix("SUMMARY:✓") }.count, 1)
    }

    func testDhakasMidnightGapMovesA2330ChoreToTheNextDay() throws {
        let now = Date(timeIntervalSince1970: 1_245_916_800)  // 2009-06-25T15:00:00+07:00
        let feed = try feed("Asia/Dhaka", now: now) { time in
            [
                Chore(
                    id: "D1", title: "Tee", assigneeID: "M1", dueDate: self.at(time, 2009, 6, 1, 23, 30),
                    recurrence: .weekly, createdAt: self.at(time, 2009, 6, 1, 8, 0))
            ]
        }
        // 2009-06-01 was a Monday, 2009-06-19 a Friday: no weekly 23:30 in the gap; see the daily below.
        XCTAssertFalse(feed.contains("gap.aemtli"))
        let daily = try self.feed("Asia/Dhaka", now: now) { time in
            [
                Chore(
                    id: "D2", title: "Tee", assigneeID: "M1", dueDate: self.at(time, 2009, 6, 1, 23, 30),
                    recurrence: .daily, createdAt: self.at(time, 2009, 6, 1, 8, 0))
            ]
        }
        // 23:30 at +06:00 is 17:30Z, at +07:00 16:30Z; the real time is 00:30 on the 20th.
        XCTAssertTrue(lines(daily).contains("EXDATE:20090619T173000Z,20090619T163000Z"), daily)
        XCTAssertTrue(daily.contains("\r\nUID:D2@20090619.gap.aemtli\r\n"))
        XCTAssertTrue(daily.contains("\r\nDTSTART;TZID=Asia/Dhaka:20090620T003000\r\nSUMMARY:Tee\r\n"), daily)
    }

    func testLaPazs1931GapIsAlsoLeftOutAtTheWholeMinuteOffsetsICalJsReads() throws {
        let now = Date(timeIntervalSince1970: -1_201_867_200)  // 1931-12-01T12:00:00Z
        let feed = try feed("America/La_Paz", now: now) { time in
            [
                Chore(
                    id: "L1", title: "Mate", assigneeID: "M1", dueDate: self.at(time, 1931, 10, 1, 0, 30),
                    recurrence: .daily, createdAt: self.at(time, 1931, 10, 1, 0, 0))
            ]
        }
        // 1931-10-15 00:00 at -4:32:36 became 01:00 at -3:32:36: 00:30 is 05:02:36Z or 04:02:36Z,
        // and with the offsets' seconds dropped, as ical.js drops them, 05:02Z or 04:02Z.
        XCTAssertEqual(
            lines(feed).filter { $0.hasPrefix("EXDATE") },
            ["EXDATE:19311015T050236Z,19311015T040236Z,19311015T050200Z,19311015T040200Z"])
        XCTAssertTrue(feed.contains("\r\nDTSTART;TZID=America/La_Paz:19311015T013000\r\n"), feed)
    }

    func testAWholeSkippedDayKeepsThePlainSeries() throws {
        let now = Date(timeIntervalSince1970: 746_000_000)  // 1993-08-22T18:13:20+12:00, the day after the skipped one
        let feed = try feed("Pacific/Kwajalein", now: now) { time in
            [
                Chore(
                    id: "K1", title: "Boot", assigneeID: "M1", dueDate: self.at(time, 1993, 8, 1, 9, 0),
                    recurrence: .daily, createdAt: self.at(time, 1993, 8, 1, 8, 0))
            ]
        }
        XCTAssertFalse(feed.contains("EXDATE"))
        XCTAssertFalse(feed.contains("gap.aemtli"))
        XCTAssertEqual(lines(feed).filter { $0 == "BEGIN:VEVENT" }.count, 1)
    }

    func testGapEventsStopAtTheDeadlineAndAllDayChoresHaveNone() throws {
        let now = Date(timeIntervalSince1970: 1_774_771_200)  // 2026-03-29T10:00:00+02:00
        let feed = try feed("Europe/Zurich", now: now) { time in
            [
                // Ends 2027-03-27: the 2027-03-28 gap day is past its end; 2026-03-29 is not.
                Chore(
                    id: "E1", title: "Eier", assigneeID: "M1", dueDate: self.at(time, 2026, 3, 1, 2, 15),
                    recurrence: .weekly, createdAt: self.at(time, 2026, 3, 1, 2, 15),
                    deadline: self.at(time, 2027, 3, 27, 12, 0)),
                Chore(
                    id: "A1", title: "Wäsche", assigneeID: "M1", dueDate: self.at(time, 2026, 3, 1, 0, 0),
                    recurrence: .daily, createdAt: self.at(time, 2026, 3, 1, 0, 0)),
            ]
        }
        // 2026-03-01 was a Sunday, as were 2026-03-29 and 2027-03-28.
        let uids = lines(feed).filter { $0.hasPrefix("UID:") }
        XCTAssertEqual(uids, ["UID:E1@aemtli", "UID:E1@20260329.gap.aemtli", "UID:A1@aemtli"])
        XCTAssertEqual(lines(feed).filter { $0.hasPrefix("EXDATE") }, ["EXDATE:20260329T011500Z,20260329T001500Z"])
    }
}
