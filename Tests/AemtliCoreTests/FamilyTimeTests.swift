import AemtliCore
import XCTest

final class FamilyTimeTests: XCTestCase {
    func utc(_ text: String) -> Date {
        guard case .instant(let seconds)? = ISODateTime.parse(text) else { fatalError(text) }
        return Date(timeIntervalSince1970: seconds)
    }

    func testOffsetsAgreeWithTheZoneDatabaseEveryHour() {
        let cases = [
            ("Europe/Zurich", 2025), ("America/New_York", 2025), ("Australia/Sydney", 2025), ("Asia/Kolkata", 2025),
            ("Pacific/Chatham", 2025), ("America/Caracas", 2015), ("Asia/Pyongyang", 2015), ("Asia/Pyongyang", 2018),
        ]
        for (name, year) in cases {
            let zone = TimeZone(identifier: name)!
            let start = utc("\(year)-01-01T00:00:00Z")
            let time = FamilyTime(timeZone: zone, around: utc("2026-11-22T00:00:00Z"))
            var mismatches = 0
            for hour in stride(from: 0, to: 2 * 366 * 24, by: 1) {
                let instant = start.addingTimeInterval(Double(hour) * 3600)
                if time.offset(at: instant) != zone.secondsFromGMT(for: instant) { mismatches += 1 }
            }
            XCTAssertEqual(mismatches, 0, "\(name) from \(year)")
        }
    }

    func testInstantsFarBeyondAnyCalendarNeverTrap() {
        // SOURCE_DATE_EPOCH=9223372036854775807 reaches FamilyTime as seconds, not milliseconds.
        let far = Date(timeIntervalSince1970: 9.2e18)
        let time = FamilyTime(timeZone: TimeZone(identifier: "Europe/Zurich")!, around: far)
        XCTAssertGreaterThan(time.local(far).date.year, 30_000)
        XCTAssertLessThan(FamilyTime.utcLocal(Date(timeIntervalSince1970: -9.2e18)).date.year, -30_000)
        XCTAssertEqual(FamilyTime.utcLocal(Date(timeIntervalSince1970: .nan)).description, "1970-01-01T00:00")
    }

    func testAnInstantIsWrittenWithTheFamilysOffsetAsItsClockReadIt() {
        let zurich = FamilyTime(timeZone: TimeZone(identifier: "Europe/Zurich")!, around: utc("2026-01-01T00:00:00Z"))
        XCTAssertEqual(zurich.iso(utc("2026-03-25T09:00:15Z")), "2026-03-25T10:00:15+01:00")
        XCTAssertEqual(zurich.iso(utc("2026-07-01T22:30:00Z")), "2026-07-02T00:30:00+02:00")
        let newYork = FamilyTime(
            timeZone: TimeZone(identifier: "America/New_York")!, around: utc("2026-01-01T00:00:00Z"))
        XCTAssertEqual(newYork.iso(utc("2026-01-05T03:04:05Z")), "2026-01-04T22:04:05-05:00")
        let kolkata = FamilyTime(timeZone: TimeZone(identifier: "Asia/Kolkata")!, around: utc("2026-01-01T00:00:00Z"))
        XCTAssertEqual(kolkata.iso(utc("2026-03-29T20:00:00Z")), "2026-03-30T01:30:00+05:30")
        let utcTime = FamilyTime(timeZone: TimeZone(identifier: "UTC")!, around: utc("2026-01-01T00:00:00Z"))
        XCTAssertEqual(utcTime.iso(utc("2026-03-29T20:00:00Z")), "2026-03-29T20:00:00+00:00")
    }

    func testLocalTimeOfAnInstant() {
        let time = FamilyTime(timeZone: TimeZone(identifier: "Asia/Kolkata")!, around: utc("2026-01-01T00:00:00Z"))
        XCTAssertEqual(time.local(utc("2026-03-29T20:00:00Z")).description, "2026-03-30T01:30")
    }

    func testAGapTimeMovesForwardByTheGapAndAnOverlapTakesTheFirst() {
        let zurich = FamilyTime(timeZone: TimeZone(identifier: "Europe/Zurich")!, around: utc("2026-01-01T00:00:00Z"))
        let day = { (y: Int, m: Int, d: Int, h: Int, min: Int) in
            LocalDateTime(date: CivilDate(year: y, month: m, day: d), hour: h, minute: min)
        }
        XCTAssertEqual(zurich.instant(day(2026, 3, 29, 2, 30)), utc("2026-03-29T01:30:00Z"))  // 03:30 CEST
        XCTAssertEqual(zurich.instant(day(2026, 3, 29, 2, 0)), utc("2026-03-29T01:00:00Z"))  // 03:00 CEST
        XCTAssertEqual(zurich.instant(day(2026, 3, 29, 3, 0)), utc("2026-03-29T01:00:00Z"))
        XCTAssertEqual(zurich.instant(day(2026, 10, 25, 2, 30)), utc("2026-10-25T00:30:00Z"))  // first: CEST
        XCTAssertEqual(zurich.instant(day(2026, 10, 25, 3, 0)), utc("2026-10-25T02:00:00Z"))
    }

    func testCivilDateArithmetic() {
        let date = CivilDate(year: 2024, month: 1, day: 31)
        XCTAssertEqual(date.adding(months: 1, day: 31).description, "2024-02-29")
        XCTAssertEqual(date.adding(months: 13, day: 31).description, "2025-02-28")
        XCTAssertEqual(date.adding(months: -2, day: 31).description, "2023-11-30")
        XCTAssertEqual(date.adding(days: 30).description, "2024-03-01")
        XCTAssertEqual(CivilDate(year: 2026, month: 11, day: 22).weekday, 7)  // a Sunday
        XCTAssertEqual(CivilDate(year: 2026, month: 11, day: 22).startOfWeek(.monday).description, "2026-11-16")
        XCTAssertEqual(CivilDate(year: 2026, month: 11, day: 22).startOfWeek(.sunday).description, "2026-11-22")
        XCTAssertEqual(CivilDate(daysSinceEpoch: -1).description, "1969-12-31")
        XCTAssertEqual(CivilDate(year: 2000, month: 3, day: 1).adding(days: -1).description, "2000-02-29")
        XCTAssertEqual(CivilDate(year: 1900, month: 3, day: 1).adding(days: -1).description, "1900-02-28")
    }
}
