import XCTest

@testable import AemtliCore

final class ISODateTimeTests: XCTestCase {
    func testReadsInstantsWithZuluAndOffsets() {
        // 2025-06-12T06:45:00Z is 1 749 710 700 s since 1970 (checked with `date -u -d @1749710700`).
        XCTAssertEqual(ISODateTime.parse("2025-06-12T06:45:00Z"), .instant(1_749_710_700))
        XCTAssertEqual(ISODateTime.parse("2025-06-12T08:45:00+02:00"), .instant(1_749_710_700))
        XCTAssertEqual(ISODateTime.parse("2025-06-12T01:15:00-0530"), .instant(1_749_710_700))
        XCTAssertEqual(ISODateTime.parse("2025-06-12T06:45:00.250Z"), .instant(1_749_710_700.25))
        XCTAssertEqual(ISODateTime.parse("2025-06-12T06:45Z"), .instant(1_749_710_700))
        XCTAssertEqual(ISODateTime.parse("1969-12-31T23:59:59Z"), .instant(-1))
    }

    func testReadsDatesAndLocalTimes() {
        XCTAssertEqual(ISODateTime.parse("2024-02-29"), .date(year: 2024, month: 2, day: 29))
        XCTAssertEqual(
            ISODateTime.parse("2026-03-29T02:30"), .local(year: 2026, month: 3, day: 29, hour: 2, minute: 30, second: 0)
        )
    }

    func testRejectsWhatIsNotADate() {
        for text in [
            "", "2025", "2025-13-01", "2025-02-29", "2025-06-12T24:00Z", "2025-06-12T06:45:00+2", "12.06.2025",
            "2025-06-12T06:45:00Zjunk",
        ] {
            XCTAssertNil(ISODateTime.parse(text), text)
        }
    }

    func testGivesMillisecondsOnlyForInstants() {
        XCTAssertEqual(ISODateTime.instantMillis("2025-06-12T06:45:00.123Z"), 1_749_710_700_123)
        XCTAssertNil(ISODateTime.instantMillis("2025-06-12"))
    }
}
