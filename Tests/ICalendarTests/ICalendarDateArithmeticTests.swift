import Foundation
import XCTest

@testable import ICalendar

/// The VTIMEZONE writer's own UTC date arithmetic, checked against Foundation's Gregorian calendar.
final class ICalendarDateArithmeticTests: XCTestCase {
    func testUTCDateTimesMatchFoundationFrom1589To4000() throws {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = try XCTUnwrap(TimeZone(secondsFromGMT: 0))
        // Every 9 973 seconds plus a day's worth, so times of day and both sides of 1970 are hit.
        // (Foundation switches to the Julian calendar before 1582-10-15; ours is proleptic Gregorian.)
        var seconds = -12_000_000_000.0
        while seconds < 64_000_000_000 {
            let date = Date(timeIntervalSince1970: seconds)
            let parts = utc.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: date)
            let ours = ICalendarDateTime(utc: date)
            XCTAssertEqual(
                [ours.date.year, ours.date.month, ours.date.day, ours.hour, ours.minute, ours.second],
                [parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second].map { $0 ?? -1 },
                "\(seconds)")
            XCTAssertEqual(ours.date.weekdayFromSunday, (parts.weekday ?? 0) - 1, "\(seconds)")
            XCTAssertEqual(ICalendarDate(daysSince1970: ours.date.daysSince1970), ours.date)
            seconds += 9_973 * 1_931
        }
    }

    func testMonthLengthsFollowTheGregorianLeapRule() {
        XCTAssertEqual(ICalendarDate.daysIn(month: 2, year: 2024), 29)
        XCTAssertEqual(ICalendarDate.daysIn(month: 2, year: 2100), 28)
        XCTAssertEqual(ICalendarDate.daysIn(month: 2, year: 2000), 29)
        XCTAssertEqual(ICalendarDate.daysIn(month: 4, year: 2026), 30)
        XCTAssertEqual(ICalendarDate.daysIn(month: 12, year: 2026), 31)
    }
}
