import AemtliCore
import AemtliSite
import Foundation
import XCTest

/// A daily 02:30 chore in Zurich done on 2026-03-29, when clocks jump from 02:00 to 03:00.
final class FeedGapTests: XCTestCase {
    // 2026-03-29T10:00:00+02:00.
    let now = Date(timeIntervalSince1970: 1_774_771_200)

    func testTheDoneOverrideInASpringForwardGapNamesTheRealTime() throws {
        let time = FamilyTime(timeZone: try XCTUnwrap(TimeZone(identifier: "Europe/Zurich")), around: now)
        let anchor = time.instant(LocalDateTime(date: CivilDate(year: 2026, month: 3, day: 20), hour: 2, minute: 30))
        let chore = Chore(
            id: "G1", title: "Hühner", assigneeID: "M1", dueDate: anchor, isDone: true, recurrence: .daily,
            createdAt: anchor, modified: now.addingTimeInterval(-3600))
        let member = FamilyMember(id: "M1", name: "Anna", role: .child)
        let feed = FeedBuilder(
            site: Site(
                family: Family(members: [member], chores: [chore]), schedule: Schedule(time: time, now: now),
                words: Words(.en), title: "Ämtli",
                options: SiteOptions(baseURL: nil, eventMinutes: 30, reminderMinutes: nil))
        ).memberFeed(member)
        // The series keeps its 02:30; the override is the same instant written as 03:30 (RFC 5545 §3.3.5).
        XCTAssertTrue(feed.contains("\r\nDTSTART;TZID=Europe/Zurich:20260320T023000\r\nRRULE:FREQ=DAILY\r\n"), feed)
        XCTAssertTrue(
            feed.contains(
                "\r\nRECURRENCE-ID;TZID=Europe/Zurich:20260329T033000\r\nDTSTART;TZID=Europe/Zurich:20260329T033000\r\n"
            ), feed)
        XCTAssertFalse(feed.contains("20260329T023000"))
    }
}
