import AemtliCore
import XCTest

/// Same wall-clock time across transitions; a gap time moves forward by the gap; an overlap time
/// is the first. Each expectation is worked out by hand from `zdump -v -c 2026,2027 ZONE`.
final class ScheduleDaylightSavingTests: XCTestCase {
    typealias F = ScheduleFixtures

    func assertDaily(
        _ zone: String, at due: String, from: String, to: String, _ expected: [String], file: StaticString = #filePath,
        line: UInt = #line
    ) {
        let time = F.time(zone)
        XCTAssertEqual(
            F.expand(F.chore(.daily, due: due, in: time), from, to, in: time), expected, zone, file: file, line: line)
    }

    func testZurichSpringForwardGap() {
        // 2026-03-29 02:00 CET → 03:00 CEST (01:00Z): 02:30 does not exist and becomes 03:30.
        assertDaily(
            "Europe/Zurich", at: "2026-03-20T02:30", from: "2026-03-28", to: "2026-03-31",
            [
                "2026-03-28T02:30 = 2026-03-28T01:30Z", "2026-03-29T03:30 = 2026-03-29T01:30Z",
                "2026-03-30T02:30 = 2026-03-30T00:30Z",
            ])
    }

    func testZurichFallBackOverlap() {
        // 2026-10-25 03:00 CEST → 02:00 CET (01:00Z): 02:30 happens twice; the first is CEST.
        assertDaily(
            "Europe/Zurich", at: "2026-10-20T02:30", from: "2026-10-24", to: "2026-10-27",
            [
                "2026-10-24T02:30 = 2026-10-24T00:30Z", "2026-10-25T02:30 = 2026-10-25T00:30Z",
                "2026-10-26T02:30 = 2026-10-26T01:30Z",
            ])
        assertDaily(
            "Europe/Zurich", at: "2026-10-20T08:00", from: "2026-10-24", to: "2026-10-27",
            [
                "2026-10-24T08:00 = 2026-10-24T06:00Z", "2026-10-25T08:00 = 2026-10-25T07:00Z",
                "2026-10-26T08:00 = 2026-10-26T07:00Z",
            ])
    }

    func testNewYork() {
        // 2026-03-08 02:00 EST → 03:00 EDT (07:00Z); 2026-11-01 02:00 EDT → 01:00 EST (06:00Z).
        assertDaily(
            "America/New_York", at: "2026-03-01T02:30", from: "2026-03-07", to: "2026-03-10",
            [
                "2026-03-07T02:30 = 2026-03-07T07:30Z", "2026-03-08T03:30 = 2026-03-08T07:30Z",
                "2026-03-09T02:30 = 2026-03-09T06:30Z",
            ])
        assertDaily(
            "America/New_York", at: "2026-10-01T01:30", from: "2026-10-31", to: "2026-11-03",
            [
                "2026-10-31T01:30 = 2026-10-31T05:30Z", "2026-11-01T01:30 = 2026-11-01T05:30Z",
                "2026-11-02T01:30 = 2026-11-02T06:30Z",
            ])
    }

    func testSydneySouthernHemisphere() {
        // 2026-04-05 03:00 AEDT → 02:00 AEST (04-04 16:00Z); 2026-10-04 02:00 AEST → 03:00 AEDT (10-03 16:00Z).
        assertDaily(
            "Australia/Sydney", at: "2026-04-01T02:30", from: "2026-04-04", to: "2026-04-07",
            [
                "2026-04-04T02:30 = 2026-04-03T15:30Z", "2026-04-05T02:30 = 2026-04-04T15:30Z",
                "2026-04-06T02:30 = 2026-04-05T16:30Z",
            ])
        assertDaily(
            "Australia/Sydney", at: "2026-10-01T02:30", from: "2026-10-03", to: "2026-10-06",
            [
                "2026-10-03T02:30 = 2026-10-02T16:30Z", "2026-10-04T03:30 = 2026-10-03T16:30Z",
                "2026-10-05T02:30 = 2026-10-04T15:30Z",
            ])
    }

    func testKolkataHasNoTransitions() {
        assertDaily(
            "Asia/Kolkata", at: "2026-03-27T09:00", from: "2026-03-28", to: "2026-03-31",
            [
                "2026-03-28T09:00 = 2026-03-28T03:30Z", "2026-03-29T09:00 = 2026-03-29T03:30Z",
                "2026-03-30T09:00 = 2026-03-30T03:30Z",
            ])
    }

    func testChathamQuarterHourOffsets() {
        // 2026-04-05 03:45 +13:45 → 02:45 +12:45 (04-04 14:00Z); 2026-09-27 02:45 +12:45 → 03:45 +13:45 (09-26 14:00Z).
        assertDaily(
            "Pacific/Chatham", at: "2026-04-01T03:00", from: "2026-04-04", to: "2026-04-07",
            [
                "2026-04-04T03:00 = 2026-04-03T13:15Z", "2026-04-05T03:00 = 2026-04-04T13:15Z",
                "2026-04-06T03:00 = 2026-04-05T14:15Z",
            ])
        assertDaily(
            "Pacific/Chatham", at: "2026-09-20T03:00", from: "2026-09-26", to: "2026-09-29",
            [
                "2026-09-26T03:00 = 2026-09-25T14:15Z", "2026-09-27T04:00 = 2026-09-26T14:15Z",
                "2026-09-28T03:00 = 2026-09-27T13:15Z",
            ])
    }

    /// Each occurrence as "the day it belongs to: local wall-clock = UTC instant".
    func days(_ chore: Chore, _ from: String, _ to: String, in time: FamilyTime) -> [String] {
        let occurrences = chore.occurrences(from: F.day(from), to: F.day(to), in: time)
        return zip(occurrences, F.expand(chore, from, to, in: time)).map { "\($0.date): \($1)" }
    }

    func testATimeNuuksGapMovesPastMidnightStaysItsWrittenDays() {
        // America/Nuuk (`zdump -v -c 2026,2027`; footer `<-02>2<-01>,M3.5.0/-1,M10.5.0/0`): on
        // Saturday 2026-03-28 at 23:00 -02 (01:00Z on the 29th) the clocks jump to 00:00 -01. The
        // Saturday's 23:30 does not exist; it moves forward the gap's hour to 00:30 -01 on Sunday,
        // 01:30Z, and is still Saturday's. Sunday's own 23:30 -01 is 00:30Z on Monday.
        let time = F.time("America/Nuuk")
        let chore = F.chore(.daily, due: "2026-03-20T23:30", in: time)
        XCTAssertEqual(
            days(chore, "2026-03-27", "2026-03-30", in: time),
            [
                "2026-03-27: 2026-03-27T23:30 = 2026-03-28T01:30Z", "2026-03-28: 2026-03-29T00:30 = 2026-03-29T01:30Z",
                "2026-03-29: 2026-03-29T23:30 = 2026-03-30T00:30Z",
            ])
        XCTAssertEqual(days(chore, "2026-03-28", "2026-03-29", in: time).count, 1, "Saturday has its occurrence")
        XCTAssertEqual(days(chore, "2026-03-29", "2026-03-30", in: time).count, 1, "and Sunday only its own")
    }

    func testADayNuuksGapMovesIntoTheNextIsTheWrittenDaysForStatusAndTheDoneFlag() {
        // The same chore; the Saturday's occurrence is at 01:30Z on the 29th (00:30 -01), due that
        // Saturday: countdown 0 all day, and the flag set that evening (19:00 -02, 21:00Z) ticks it.
        let time = F.time("America/Nuuk")
        let saturday = Schedule(time: time, now: F.instant("2026-03-28T20:00:00-02:00"))
        let open = F.chore(.daily, due: "2026-03-20T23:30", in: time)
        XCTAssertEqual(saturday.currentOccurrence(of: open)?.start, F.instant("2026-03-29T01:30:00Z"))
        XCTAssertEqual(saturday.status(of: open), .dueToday)
        XCTAssertEqual(saturday.countdown(of: open), 0)
        let done = F.chore(.daily, due: "2026-03-20T23:30", in: time, done: true, modified: "2026-03-28T21:00:00Z")
        XCTAssertEqual(saturday.status(of: done), .done)
        XCTAssertEqual(
            saturday.agenda(of: Family(members: [], chores: [done]), from: F.day("2026-03-28"), to: F.day("2026-03-30"))
                .entries.map { "\($0.occurrence.date) \($0.status.rawValue)" },
            ["2026-03-28 done", "2026-03-29 upcoming"])
        // On Sunday (10:00 -01, 11:00Z), with the flag set at 09:00 -01 (10:00Z), the current
        // occurrence is Sunday's own 23:30 (00:30Z on Monday); Saturday's, at 00:30, is past.
        let sunday = Schedule(time: time, now: F.instant("2026-03-29T10:00:00-01:00"))
        let doneSunday = F.chore(
            .daily, due: "2026-03-20T23:30", in: time, done: true, modified: "2026-03-29T10:00:00Z")
        XCTAssertEqual(sunday.currentOccurrence(of: doneSunday)?.start, F.instant("2026-03-30T00:30:00Z"))
        XCTAssertEqual(
            sunday.agenda(
                of: Family(members: [], chores: [doneSunday]), from: F.day("2026-03-28"), to: F.day("2026-03-30")
            ).entries.map { "\($0.occurrence.date) \($0.status.rawValue)" },
            ["2026-03-28 past", "2026-03-29 done"])
    }

    func testADaySamoaSkippedWholeKeepsItsTimeOnTheNextDayBesideThatDaysOwn() {
        // Pacific/Apia (`zdump -v -c 2011,2012`): 2011-12-29 23:59:59 -10 was followed by
        // 2011-12-31 00:00 +14. The 30th's 09:00 moves forward 24 h onto the 31st's 09:00 +14
        // (19:00Z on the 30th), the same instant as the 31st's own, and both are the 31st's.
        let time = F.time("Pacific/Apia", around: "2011-12-01T00:00:00Z")
        let chore = F.chore(.daily, due: "2011-12-20T09:00", in: time)
        XCTAssertEqual(
            days(chore, "2011-12-29", "2012-01-01", in: time),
            [
                "2011-12-29: 2011-12-29T09:00 = 2011-12-29T19:00Z", "2011-12-31: 2011-12-31T09:00 = 2011-12-30T19:00Z",
                "2011-12-31: 2011-12-31T09:00 = 2011-12-30T19:00Z",
            ])
        XCTAssertEqual(days(chore, "2011-12-30", "2011-12-31", in: time), [], "a day that never was has no occurrence")
    }

    func testAllDayOccurrencesKeepTheirDayAcrossTransitions() {
        let time = F.time("Europe/Zurich")
        XCTAssertEqual(
            F.expand(F.chore(.daily, due: "2026-03-28T00:00", in: time), "2026-03-28", "2026-03-31", in: time),
            [
                "2026-03-28T00:00 = 2026-03-27T23:00Z all-day", "2026-03-29T00:00 = 2026-03-28T23:00Z all-day",
                "2026-03-30T00:00 = 2026-03-29T22:00Z all-day",
            ])
    }
}
