import TZif
import XCTest

/// POSIX TZ rules read and evaluated; instants worked out by hand from the rule's words.
final class PosixTZTests: XCTestCase {
    func testReadsQuotedNamesAndRuleTimesOutsideTheDay() throws {
        let rule = try XCTUnwrap(PosixTZ(parsing: "<-03>3<-02>,M9.1.6/24,M4.1.6/24"))
        XCTAssertEqual(rule.standardAbbreviation, "-03")
        XCTAssertEqual(rule.standardOffset, -10800)
        XCTAssertEqual(rule.daylight?.offset, -7200)
        XCTAssertEqual(
            rule.daylight?.end, PosixTZ.Change(day: .monthWeekday(month: 4, week: 1, weekday: 6), time: 86400))
    }

    func testReadsHalfHourOffsetsAndDefaultsSummerTimeToAnHourAhead() throws {
        let rule = try XCTUnwrap(PosixTZ(parsing: "<+0330>-3:30"))
        XCTAssertEqual(rule.standardOffset, 12600)
        XCTAssertNil(rule.daylight)
        let us = try XCTUnwrap(PosixTZ(parsing: "EST5EDT"))
        XCTAssertEqual(us.daylight?.offset, -4 * 3600)
        XCTAssertEqual(us.daylight?.start.day, .monthWeekday(month: 3, week: 2, weekday: 0))
    }

    func testAcceptsTimesUpTo167HoursAndRefusesMore() {
        XCTAssertEqual(PosixTZ(parsing: "XXX3YYY,M3.2.0/-167,M11.1.0/167")?.daylight?.start.time, -167 * 3600)
        XCTAssertNil(PosixTZ(parsing: "XXX3YYY,M3.2.0/168,M11.1.0"))
        XCTAssertNil(PosixTZ(parsing: "CET-1CEST,M13.5.0,M10.5.0/3"))
        XCTAssertNil(PosixTZ(parsing: "CE-1"))
        XCTAssertNil(PosixTZ(parsing: "CET-1CEST,M3.5.0"))
    }

    func testEgyptsThursday24hFallsOnTheFirstOfNovemberIn2030() throws {
        // 2030-04-26 is the last Friday of April: 00:00 EET is 25th 22:00Z. 2030-10-31 is the last
        // Thursday of October: 24:00 EEST is Friday November 1 00:00 +03, October 31 21:00Z.
        let egypt = try XCTUnwrap(PosixTZ(parsing: "EET-2EEST,M4.5.5/0,M10.5.4/24"))
        let changes = egypt.changes(inYear: 2030)
        XCTAssertEqual(changes.map(\.at), [1_903_384_800, 1_919_710_800])
        XCTAssertEqual(changes.map(\.type.abbreviation), ["EEST", "EET"])
    }

    func testJulianDaysSkipFebruary29AndZeroBasedDaysCountIt() throws {
        // J60 is March 1 in every year; day 59 (zero-based) is February 29 in 2028, March 1 in 2027.
        let julian = try XCTUnwrap(PosixTZ(parsing: "AAA0BBB,J60/0,J300/0"))
        XCTAssertEqual(julian.changes(inYear: 2028).first?.at, 1_835_481_600)  // 2028-03-01T00:00Z
        let zeroBased = try XCTUnwrap(PosixTZ(parsing: "AAA0BBB,59/0,300/0"))
        XCTAssertEqual(zeroBased.changes(inYear: 2028).first?.at, 1_835_395_200)  // 2028-02-29T00:00Z
        XCTAssertEqual(zeroBased.changes(inYear: 2027).first?.at, 1_803_859_200)  // 2027-03-01T00:00Z
    }

    func testSummerTimeAllYearStaysSummerTime() throws {
        let rule = try XCTUnwrap(PosixTZ(parsing: "EST5EDT,0/0,J365/25"))
        for instant: Int64 in [1_767_225_600, 1_782_864_000, 1_798_761_599, 1_798_779_600] {
            XCTAssertEqual(rule.localTimeType(at: instant).abbreviation, "EDT", "\(instant)")
        }
    }
}
