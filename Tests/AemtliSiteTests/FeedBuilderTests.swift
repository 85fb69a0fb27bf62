import AemtliCore
import AemtliSite
import Foundation
import XCTest

/// Feeds for a small family in Europe/Zurich; now is Wednesday 2026-03-25 10:00 (+01:00).
final class FeedBuilderTests: XCTestCase {
    let time = FamilyTime(
        timeZone: TimeZone(identifier: "Europe/Zurich")!, around: Date(timeIntervalSince1970: 1_774_429_200))
    let now = Date(timeIntervalSince1970: 1_774_429_200)
    let anna = FamilyMember(id: "M1", name: "Anna", role: .child)

    func local(_ y: Int, _ m: Int, _ d: Int, _ h: Int, _ min: Int) -> Date {
        time.instant(LocalDateTime(date: CivilDate(year: y, month: m, day: d), hour: h, minute: min))
    }

    func builder(_ chores: [Chore], reminder: Int? = nil, baseURL: String? = nil) -> FeedBuilder {
        FeedBuilder(
            site: Site(
                family: Family(members: [anna], chores: chores), schedule: Schedule(time: time, now: now),
                words: Words(.en), title: "Ämtli",
                options: SiteOptions(baseURL: baseURL, eventMinutes: 30, reminderMinutes: reminder)))
    }

    func events(_ feed: String) -> [[String]] {
        FeedText.events(feed)
    }

    func testAMonthlyChoreOnThe31stWithADeadline() {
        let chore = Chore(
            id: "C1", title: "Taschengeld", assigneeID: "M1", dueDate: local(2026, 1, 31, 9, 0), recurrence: .monthly,
            createdAt: local(2026, 1, 1, 8, 0), deadline: local(2026, 6, 30, 18, 0), modified: local(2026, 1, 2, 8, 0))
        let event = events(builder([chore]).memberFeed(anna))[0]
        // The deadline, 2026-06-30 18:00 CEST, is 16:00 UTC.
        XCTAssertEqual(
            event,
            [
                "UID:C1@aemtli", "DTSTAMP:20260325T090000Z", #"ORGANIZER;CN=Ämtli:mailto:family@aemtli.invalid"#,
                "LAST-MODIFIED:20260102T070000Z", "DTSTART;TZID=Europe/Zurich:20260131T090000",
                "RRULE:FREQ=MONTHLY;UNTIL=20260630T160000Z;BYMONTHDAY=-1", "SUMMARY:Taschengeld",
                #"DESCRIPTION:Assigned to: Anna\nRepeats: monthly\nDeadline: Tuesday\, 30 June 2026\, 18:00\nDue: in 6 days"#,
                "DURATION:PT30M", "TRANSP:TRANSPARENT",
            ])
    }

    func testADoneCurrentOccurrenceGetsACheckedOverrideInstance() {
        let chore = Chore(
            id: "C2", title: "Tisch decken", assigneeID: "M1", dueDate: local(2026, 3, 20, 18, 0), isDone: true,
            recurrence: .daily, createdAt: local(2026, 3, 1, 8, 0), modified: local(2026, 3, 25, 8, 0))
        let all = events(builder([chore]).memberFeed(anna))
        XCTAssertEqual(all.count, 2)
        XCTAssertTrue(all[1].contains("RECURRENCE-ID;TZID=Europe/Zurich:20260325T180000"))
        XCTAssertTrue(all[1].contains("DTSTART;TZID=Europe/Zurich:20260325T180000"))
        XCTAssertTrue(all[1].contains("SUMMARY:✓ Tisch decken"))
        XCTAssertTrue(all[0].contains("SUMMARY:Tisch decken"))
    }

    func testAStaleDoneFlagGetsNoCheckAndADoneOnceChoreIsChecked() {
        let stale = Chore(
            id: "C3", title: "Bett", assigneeID: "M1", dueDate: local(2026, 3, 20, 7, 0), isDone: true,
            recurrence: .daily, createdAt: local(2026, 3, 1, 8, 0), modified: local(2026, 3, 24, 8, 0))
        let once = Chore(
            id: "C4", title: "Velo", assigneeID: "M1", dueDate: local(2026, 3, 24, 15, 0), isDone: true,
            recurrence: .once, createdAt: local(2026, 3, 1, 8, 0))
        let all = events(builder([stale, once]).memberFeed(anna))
        XCTAssertEqual(all.count, 2)
        XCTAssertTrue(all[0].contains("SUMMARY:Bett"))
        XCTAssertTrue(all[1].contains("SUMMARY:✓ Velo"))
        XCTAssertFalse(all[1].contains { $0.hasPrefix("RRULE") })
    }

    func testAllDayChoresUseDatesAndADateUntil() {
        let chore = Chore(
            id: "C5", title: "Pflanzen", assigneeID: "M1", dueDate: local(2026, 3, 6, 0, 0), recurrence: .weekly,
            createdAt: local(2026, 3, 1, 8, 0), deadline: local(2026, 4, 24, 18, 0))
        let event = events(builder([chore], reminder: 15).memberFeed(anna))[0]
        XCTAssertTrue(event.contains("DTSTART;VALUE=DATE:20260306"))
        XCTAssertTrue(event.contains("RRULE:FREQ=WEEKLY;UNTIL=20260424"))
        XCTAssertTrue(event.contains("DURATION:P1D"))
        XCTAssertFalse(event.contains("BEGIN:VALARM"), "no reminder on all-day events")
    }

    func testRemindersAndMemberPageLinks() {
        let chore = Chore(
            id: "C6", title: "Hausaufgaben", assigneeID: "M1", dueDate: local(2026, 3, 25, 16, 0), recurrence: .daily,
            createdAt: now)
        let feed = builder([chore], reminder: 10, baseURL: "https://example.org/chores").memberFeed(anna)
        XCTAssertTrue(
            feed.contains(
                "BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:Hausaufgaben\r\nTRIGGER:-PT10M\r\nEND:VALARM\r\n"))
        XCTAssertTrue(feed.contains("URL;VALUE=URI:https://example.org/chores/members/anna.html\r\n"))
    }

    func testTheFamilyFeedNamesEachMemberAndMarksUnassignedChores() {
        let chores = [
            Chore(
                id: "C7", title: "Abfall", assigneeID: "M1", dueDate: local(2026, 3, 26, 19, 0), recurrence: .weekly,
                createdAt: now),
            Chore(id: "C8", title: "Fenster", dueDate: local(2026, 3, 27, 10, 0), recurrence: .once, createdAt: now),
            Chore(id: "C9", title: "Schuhe", recurrence: .once, createdAt: now),
        ]
        let feed = builder(chores).familyFeed()
        XCTAssertEqual(
            events(feed).compactMap { $0.first { $0.hasPrefix("SUMMARY:") } },
            ["SUMMARY:Anna: Abfall", "SUMMARY:unassigned: Fenster"])
        XCTAssertTrue(feed.contains("X-WR-CALNAME:Ämtli – Family\r\n"))
        XCTAssertTrue(
            feed.hasPrefix(
                "BEGIN:VCALENDAR\r\nPRODID:-//aemtli//aemtli//EN\r\nVERSION:2.0\r\nCALSCALE:GREGORIAN\r\nMETHOD:PUBLISH\r\n"
            ))
        XCTAssertTrue(feed.contains("REFRESH-INTERVAL;VALUE=DURATION:PT1H\r\nX-PUBLISHED-TTL:PT1H\r\n"))
        XCTAssertTrue(feed.contains("BEGIN:VTIMEZONE\r\nTZID:Europe/Zurich\r\n"))
    }

    func testNothingInARecordCanInjectAProperty() {
        let hostile = Chore(
            id: "C1\r\nATTACH:evil", title: "x\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nSUMMARY:pwned;,\\", assigneeID: "M1",
            dueDate: local(2026, 3, 26, 19, 0), recurrence: .once, createdAt: now)
        let feed = builder([hostile]).memberFeed(anna)
        let lines = feed.components(separatedBy: "\r\n")
        XCTAssertEqual(lines.filter { $0 == "BEGIN:VEVENT" }.count, 1)
        XCTAssertFalse(lines.contains { $0.hasPrefix("ATTACH") || $0.hasPrefix("SUMMARY:pwned") })
        XCTAssertTrue(feed.contains(#"SUMMARY:x\nEND:VEVENT\nBEGIN:VEVENT\nSUMMARY:pwned\;\,\\"#))
        XCTAssertTrue(lines.allSatisfy { $0.utf8.count <= 75 })
    }
}
