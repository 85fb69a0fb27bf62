import AemtliCore
import TZif
import XCTest

@testable import AemtliApp

/// A tzdata update that changes anything a feed writes of the family's zone builds the site again.
final class ZoneFingerprintTests: XCTestCase {
    static let summer = TZifZone.LocalTimeType(offset: 7200, isDaylight: true, abbreviation: "CEST")
    static let winter = TZifZone.LocalTimeType(offset: 3600, isDaylight: false, abbreviation: "CET")

    func fingerprint(_ types: [TZifZone.LocalTimeType]) -> String {
        let zone = TZifZone(
            version: 2, transitions: [1_000_000, 2_000_000], typeIndices: [1, 0], types: types, rule: nil)
        return ZoneFingerprint.of(FamilyZone(identifier: "Europe/Zurich", rules: .tzif(zone)))
    }

    func testTheSameRulesGiveTheSameFingerprint() {
        XCTAssertEqual(fingerprint([Self.winter, Self.summer]), fingerprint([Self.winter, Self.summer]))
    }

    func testAnotherOffsetChangesTheFingerprint() {
        var summer = Self.summer
        summer.offset = 5400
        XCTAssertNotEqual(fingerprint([Self.winter, Self.summer]), fingerprint([Self.winter, summer]))
    }

    /// TZNAME in every feed's VTIMEZONE.
    func testAnotherAbbreviationChangesTheFingerprint() {
        var summer = Self.summer
        summer.abbreviation = "MESZ"
        XCTAssertNotEqual(fingerprint([Self.winter, Self.summer]), fingerprint([Self.winter, summer]))
    }

    /// DAYLIGHT or STANDARD in every feed's VTIMEZONE.
    func testAnotherSummerTimeFlagChangesTheFingerprint() {
        var summer = Self.summer
        summer.isDaylight = false
        XCTAssertNotEqual(fingerprint([Self.winter, Self.summer]), fingerprint([Self.winter, summer]))
    }
}
