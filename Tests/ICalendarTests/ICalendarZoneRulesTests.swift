import XCTest

@testable import ICalendar

/// VTIMEZONEs written from zone rules given by hand: changes as `zdump -v` lists them for tzdata
/// 2025b, yearly rules as the zones' TZif footers state them, the expected text worked out by hand.
final class ICalendarZoneRulesTests: XCTestCase {
    typealias Local = ICalendarZoneRules.LocalTime

    func vtimezone(
        _ id: String, _ changes: [(Int64, Local, Local)], yearly: [ICalendarYearlyChange]?, initial: Local? = nil
    ) -> [String] {
        let rules = ICalendarZoneRules(
            identifier: id, initial: initial ?? changes[0].1,
            changes: changes.map { ICalendarZoneRules.Change(instant: $0.0, before: $0.1, after: $0.2) }, yearly: yearly
        )
        return ICalendarTimeZone.component(for: rules).serialized().components(separatedBy: "\r\n").filter {
            !$0.isEmpty
        }
    }

    func observance(
        _ kind: String, _ start: String, _ from: String, _ to: String, _ extra: String..., name: String? = nil
    ) -> [String] {
        ["BEGIN:\(kind)", "DTSTART:\(start)", "TZOFFSETFROM:\(from)", "TZOFFSETTO:\(to)"]
            + (name.map { ["TZNAME:\($0)"] } ?? []) + extra + ["END:\(kind)"]
    }

    func wrapped(_ id: String, _ observances: [String]) -> [String] {
        ["BEGIN:VTIMEZONE", "TZID:\(id)", "X-LIC-LOCATION:\(id)"] + observances + ["END:VTIMEZONE"]
    }

    func testSantiagosSaturday24hIsASundayFromThe2nd() {
        let (winter, summer) = (
            Local(offset: -14400, isDaylight: false, name: nil), Local(offset: -10800, isDaylight: true, name: nil)
        )
        let yearly = [
            ICalendarYearlyChange(
                day: .monthWeekday(month: 9, week: 1, weekday: 6), time: 86400, before: winter, after: summer),
            ICalendarYearlyChange(
                day: .monthWeekday(month: 4, week: 1, weekday: 6), time: 86400, before: summer, after: winter),
        ]
        let changes = [
            (Int64(1_788_667_200), winter, summer), (1_806_807_600, summer, winter), (1_820_116_800, winter, summer),
        ]
        XCTAssertEqual(
            vtimezone("America/Santiago", changes, yearly: yearly),
            wrapped(
                "America/Santiago",
                observance(
                    "DAYLIGHT", "20260906T000000", "-0400", "-0300",
                    "RRULE:FREQ=YEARLY;BYMONTH=9;BYDAY=SU;BYMONTHDAY=2,3,4,5,6,7,8")
                    + observance(
                        "STANDARD", "20270404T000000", "-0300", "-0400",
                        "RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=SU;BYMONTHDAY=2,3,4,5,6,7,8")))
    }

    func testCairosThursday24hHasNoRRuleSoItsDaysAreListed() {
        let (eet, eest) = (
            Local(offset: 7200, isDaylight: false, name: "EET"), Local(offset: 10800, isDaylight: true, name: "EEST")
        )
        let yearly = [
            ICalendarYearlyChange(day: .monthWeekday(month: 4, week: 5, weekday: 5), time: 0, before: eet, after: eest),
            ICalendarYearlyChange(
                day: .monthWeekday(month: 10, week: 5, weekday: 4), time: 86400, before: eest, after: eet),
        ]
        let changes = [
            (Int64(1_903_384_800), eet, eest), (1_919_710_800, eest, eet), (1_934_834_400, eet, eest),
            (1_951_160_400, eest, eet),
        ]
        // 2030: Friday November 1 (October 31 is the last Thursday); 2031: Friday October 31.
        XCTAssertEqual(
            vtimezone("Africa/Cairo", changes, yearly: yearly),
            wrapped(
                "Africa/Cairo",
                observance(
                    "DAYLIGHT", "20300426T000000", "+0200", "+0300", "RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=-1FR",
                    name: "EEST")
                    + [
                        "BEGIN:STANDARD", "DTSTART:20301101T000000", "TZOFFSETFROM:+0300", "TZOFFSETTO:+0200",
                        "TZNAME:EET", "END:STANDARD",
                    ]
                    + [
                        "BEGIN:STANDARD", "DTSTART:20311031T000000", "TZOFFSETFROM:+0300", "TZOFFSETTO:+0200",
                        "TZNAME:EET", "END:STANDARD",
                    ]))
    }

    /// `zdump -v -c 2025,2028 America/Nuuk` and the change before: summer time from the Saturday
    /// before March's last Sunday at 23:00 (−02), winter time from October's last Sunday at 00:00
    /// (−01). The Saturday's days are written from the month's start: ical.js finds no day at
    /// all for `BYMONTHDAY=-8,…,-2` beside `BYDAY`, and kept Nuuk at −02 all summer.
    func testNuuksSpringChangeIsTheSaturdayBeforeTheLastSundayCountedFromTheFirst() {
        let (winter, summer) = (
            Local(offset: -7200, isDaylight: false, name: nil), Local(offset: -3600, isDaylight: true, name: nil)
        )
        let yearly = [
            ICalendarYearlyChange(
                day: .monthWeekday(month: 3, week: 5, weekday: 0), time: -3600, before: winter, after: summer),
            ICalendarYearlyChange(
                day: .monthWeekday(month: 10, week: 5, weekday: 0), time: 0, before: summer, after: winter),
        ]
        // 2024-10-27, 2025-03-30, 2025-10-26, 2026-03-29, 2026-10-25, 2027-03-28, 2027-10-31, 01:00Z.
        let changes = [
            (Int64(1_729_990_800), summer, winter), (1_743_296_400, winter, summer), (1_761_440_400, summer, winter),
            (1_774_746_000, winter, summer), (1_792_890_000, summer, winter), (1_806_195_600, winter, summer),
            (1_824_944_400, summer, winter),
        ]
        XCTAssertEqual(
            vtimezone("America/Nuuk", changes, yearly: yearly),
            wrapped(
                "America/Nuuk",
                observance("STANDARD", "20241027T000000", "-0100", "-0200", "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU")
                    + observance(
                        "DAYLIGHT", "20250329T230000", "-0200", "-0100",
                        "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=SA;BYMONTHDAY=24,25,26,27,28,29,30")))
    }

    /// A last Sunday at −1:00 in February falls on the 21st to the 27th or the 22nd to the 28th:
    /// no BYMONTHDAY list counted from the month's start fits every year, so no rule is written.
    func testALastWeekdayMovedADayInFebruaryHasNoRule() {
        let (winter, summer) = (
            Local(offset: -7200, isDaylight: false, name: nil), Local(offset: -3600, isDaylight: true, name: nil)
        )
        let february = ICalendarYearlyChange(
            day: .monthWeekday(month: 2, week: 5, weekday: 0), time: -3600, before: winter, after: summer)
        XCTAssertNil(february.recurrence)
    }

    func testLordHowesHalfHourChangesAreFirstSundays() {
        let (standard, summer) = (
            Local(offset: 37800, isDaylight: false, name: nil), Local(offset: 39600, isDaylight: true, name: nil)
        )
        let yearly = [
            ICalendarYearlyChange(
                day: .monthWeekday(month: 10, week: 1, weekday: 0), time: 7200, before: standard, after: summer),
            ICalendarYearlyChange(
                day: .monthWeekday(month: 4, week: 1, weekday: 0), time: 7200, before: summer, after: standard),
        ]
        let changes = [
            (Int64(1_791_041_400), standard, summer), (1_806_764_400, summer, standard),
            (1_822_491_000, standard, summer),
        ]
        XCTAssertEqual(
            vtimezone("Australia/Lord_Howe", changes, yearly: yearly),
            wrapped(
                "Australia/Lord_Howe",
                observance("DAYLIGHT", "20261004T020000", "+1030", "+1100", "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=1SU")
                    + observance(
                        "STANDARD", "20270404T020000", "+1100", "+1030", "RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=1SU")))
    }

    func testZurichsLastSundaysStayOpen() {
        let (cet, cest) = (
            Local(offset: 3600, isDaylight: false, name: "CET"), Local(offset: 7200, isDaylight: true, name: "CEST")
        )
        let yearly = [
            ICalendarYearlyChange(
                day: .monthWeekday(month: 3, week: 5, weekday: 0), time: 7200, before: cet, after: cest),
            ICalendarYearlyChange(
                day: .monthWeekday(month: 10, week: 5, weekday: 0), time: 10800, before: cest, after: cet),
        ]
        // 2026-10-25 01:00Z and 2027-03-28 01:00Z.
        XCTAssertEqual(
            vtimezone("Europe/Zurich", [(1_792_890_000, cest, cet), (1_806_195_600, cet, cest)], yearly: yearly),
            wrapped(
                "Europe/Zurich",
                observance(
                    "STANDARD", "20261025T030000", "+0200", "+0100", "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
                    name: "CET")
                    + observance(
                        "DAYLIGHT", "20270328T020000", "+0100", "+0200", "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
                        name: "CEST")))
    }

    /// `zdump -v -c 2025,2028 Africa/Casablanca` and the change before: +00 in Ramadan, +01 the
    /// rest of the year, on dates no rule gives. Each onset is an RDATE of its own, DTSTART's too:
    /// ical.js reads only the first value of an RDATE and, without an RRULE, not DTSTART, and kept
    /// Casablanca at +00 from March 2026 on.
    func testCasablancasChangesAreEachAnRDateOfTheirOwnDTStartsToo() {
        let (plusOne, zero) = (
            Local(offset: 3600, isDaylight: false, name: nil), Local(offset: 0, isDaylight: true, name: nil)
        )
        // 2024-04-14, 2025-02-23, 2025-04-06, 2026-02-15, 2026-03-22, 2027-02-07, 2027-03-14, 02:00Z.
        let changes = [
            (Int64(1_713_060_000), zero, plusOne), (1_740_276_000, plusOne, zero), (1_743_904_800, zero, plusOne),
            (1_771_120_800, plusOne, zero), (1_774_144_800, zero, plusOne), (1_801_965_600, plusOne, zero),
            (1_804_989_600, zero, plusOne),
        ]
        XCTAssertEqual(
            vtimezone("Africa/Casablanca", changes, yearly: []),
            wrapped(
                "Africa/Casablanca",
                observance(
                    "STANDARD", "20240414T020000", "+0000", "+0100", "RDATE:20240414T020000", "RDATE:20250406T020000")
                    + observance(
                        "DAYLIGHT", "20250223T030000", "+0100", "+0000", "RDATE:20250223T030000",
                        "RDATE:20260215T030000", "RDATE:20270207T030000")
                    + observance(
                        "STANDARD", "20260322T020000", "+0000", "+0100", "RDATE:20260322T020000",
                        "RDATE:20270314T020000")))
    }

    /// `zdump -v -c 1985,1989 America/Belem`: summer time from November 1985 and October 1986 and
    /// 1987, on a Saturday, then a Sunday. Without its first onset among the RDATEs, ical.js had
    /// Belem at −03 from October 1986 to October 1987.
    func testBelemsSummersOf1986And1987KeepTheirFirstOnsetAmongTheRDates() {
        let (standard, summer) = (
            Local(offset: -10800, isDaylight: false, name: nil), Local(offset: -7200, isDaylight: true, name: nil)
        )
        // 1985-11-02 03:00Z, 1986-03-15 02:00Z, 1986-10-25 03:00Z, 1987-02-14 02:00Z,
        // 1987-10-25 03:00Z, 1988-02-07 02:00Z.
        let changes = [
            (Int64(499_748_400), standard, summer), (511_236_000, summer, standard), (530_593_200, standard, summer),
            (540_266_400, summer, standard), (562_129_200, standard, summer), (571_197_600, summer, standard),
        ]
        XCTAssertEqual(
            vtimezone("America/Belem", changes, yearly: []),
            wrapped(
                "America/Belem",
                ["BEGIN:DAYLIGHT", "DTSTART:19851102T000000", "TZOFFSETFROM:-0300", "TZOFFSETTO:-0200", "END:DAYLIGHT"]
                    + [
                        "BEGIN:STANDARD", "DTSTART:19860315T000000", "TZOFFSETFROM:-0200", "TZOFFSETTO:-0300",
                        "END:STANDARD",
                    ]
                    + observance(
                        "DAYLIGHT", "19861025T000000", "-0300", "-0200", "RDATE:19861025T000000",
                        "RDATE:19871025T000000")
                    + observance(
                        "STANDARD", "19870214T000000", "-0200", "-0300", "RDATE:19870214T000000",
                        "RDATE:19880207T000000")))
    }

    func testAZoneWithoutChangesIsOneStandardTime() {
        let jst = Local(offset: 32400, isDaylight: false, name: "JST")
        XCTAssertEqual(
            vtimezone("Asia/Tokyo", [], yearly: [], initial: jst),
            [
                "BEGIN:VTIMEZONE", "TZID:Asia/Tokyo", "BEGIN:STANDARD", "DTSTART:19700101T000000",
                "TZOFFSETFROM:+0900", "TZOFFSETTO:+0900", "TZNAME:JST", "END:STANDARD", "END:VTIMEZONE",
            ])
    }
}
