import TZif
import XCTest

/// The reader on real zone files; every expectation is a line of `zdump -v` for tzdata 2025b.
final class TZifReaderTests: XCTestCase {
    typealias Type_ = TZifZone.LocalTimeType

    /// The local time just before and at a change.
    func assertChange(
        _ zone: TZifZone, at text: String, from before: Type_, to after: Type_, file: StaticString = #filePath,
        line: UInt = #line
    ) throws {
        let instant = try TZifFixtures.utc(text)
        XCTAssertEqual(zone.localTimeType(at: instant - 1), before, file: file, line: line)
        XCTAssertEqual(zone.localTimeType(at: instant), after, file: file, line: line)
    }

    func testZurichFollowsItsFooterRuleIn2050() throws {
        let zurich = try TZifFixtures.zone("Europe/Zurich")
        XCTAssertEqual(zurich.version, 2)
        let cet = Type_(offset: 3600, isDaylight: false, abbreviation: "CET")
        let cest = Type_(offset: 7200, isDaylight: true, abbreviation: "CEST")
        try assertChange(zurich, at: "2050-03-27T01:00:00Z", from: cet, to: cest)
        try assertChange(zurich, at: "2050-10-30T01:00:00Z", from: cest, to: cet)
        XCTAssertEqual(
            zurich.rule,
            PosixTZ(
                standardAbbreviation: "CET", standardOffset: 3600,
                daylight: .init(
                    abbreviation: "CEST", offset: 7200,
                    start: .init(day: .monthWeekday(month: 3, week: 5, weekday: 0)),
                    end: .init(day: .monthWeekday(month: 10, week: 5, weekday: 0), time: 3 * 3600))))
    }

    func testSantiagoChangesAtSaturday24h() throws {
        let santiago = try TZifFixtures.zone("America/Santiago")
        let summer = Type_(offset: -10800, isDaylight: true, abbreviation: "-03")
        let winter = Type_(offset: -14400, isDaylight: false, abbreviation: "-04")
        try assertChange(santiago, at: "2026-09-06T04:00:00Z", from: winter, to: summer)
        try assertChange(santiago, at: "2050-04-03T03:00:00Z", from: summer, to: winter)
        try assertChange(santiago, at: "2050-09-04T04:00:00Z", from: winter, to: summer)
        XCTAssertEqual(
            santiago.rule?.daylight?.start,
            PosixTZ.Change(day: .monthWeekday(month: 9, week: 1, weekday: 6), time: 24 * 3600))
    }

    func testCairoEndsSummerTimeAtThursday24h() throws {
        let cairo = try TZifFixtures.zone("Africa/Cairo")
        let eet = Type_(offset: 7200, isDaylight: false, abbreviation: "EET")
        let eest = Type_(offset: 10800, isDaylight: true, abbreviation: "EEST")
        try assertChange(cairo, at: "2031-04-24T22:00:00Z", from: eet, to: eest)
        try assertChange(cairo, at: "2050-04-28T22:00:00Z", from: eet, to: eest)
        try assertChange(cairo, at: "2050-10-27T21:00:00Z", from: eest, to: eet)
    }

    func testNuukChangesOnTheSaturdayBeforeTheLastSunday() throws {
        let nuuk = try TZifFixtures.zone("America/Nuuk")
        let winter = Type_(offset: -7200, isDaylight: false, abbreviation: "-02")
        let summer = Type_(offset: -3600, isDaylight: true, abbreviation: "-01")
        try assertChange(nuuk, at: "2050-03-27T01:00:00Z", from: winter, to: summer)
        try assertChange(nuuk, at: "2050-10-30T01:00:00Z", from: summer, to: winter)
        XCTAssertEqual(
            nuuk.rule?.daylight?.start, PosixTZ.Change(day: .monthWeekday(month: 3, week: 5, weekday: 0), time: -3600))
    }

    func testCasablancaListsItsRamadanChangesAndHasNoFooterSummerTime() throws {
        let casablanca = try TZifFixtures.zone("Africa/Casablanca")
        let plusOne = Type_(offset: 3600, isDaylight: false, abbreviation: "+01")
        let zero = Type_(offset: 0, isDaylight: true, abbreviation: "+00")
        try assertChange(casablanca, at: "2026-02-15T02:00:00Z", from: plusOne, to: zero)
        try assertChange(casablanca, at: "2026-03-22T02:00:00Z", from: zero, to: plusOne)
        XCTAssertEqual(casablanca.rule, PosixTZ(standardAbbreviation: "+01", standardOffset: 3600, daylight: nil))
    }

    func testLordHoweHasHalfAnHourOfSummerTime() throws {
        let lordHowe = try TZifFixtures.zone("Australia/Lord_Howe")
        let standard = Type_(offset: 37800, isDaylight: false, abbreviation: "+1030")
        let summer = Type_(offset: 39600, isDaylight: true, abbreviation: "+11")
        try assertChange(lordHowe, at: "2050-04-02T15:00:00Z", from: summer, to: standard)
        try assertChange(lordHowe, at: "2050-10-01T15:30:00Z", from: standard, to: summer)
    }

    func testTokyoStartsWithLocalMeanTimeAndHasNoChangesNow() throws {
        let tokyo = try TZifFixtures.zone("Asia/Tokyo")
        let jst = Type_(offset: 32400, isDaylight: false, abbreviation: "JST")
        try assertChange(
            tokyo, at: "1887-12-31T15:00:00Z", from: Type_(offset: 33539, isDaylight: false, abbreviation: "LMT"),
            to: jst)
        try assertChange(
            tokyo, at: "1948-05-01T15:00:00Z", from: jst,
            to: Type_(offset: 36000, isDaylight: true, abbreviation: "JDT"))
        XCTAssertEqual(
            tokyo.changes(
                from: try TZifFixtures.utc("2000-01-01T00:00:00Z"), to: try TZifFixtures.utc("2100-01-01T00:00:00Z")
            ).count, 0)
        XCTAssertEqual(tokyo.localTimeType(at: try TZifFixtures.utc("2090-06-01T00:00:00Z")), jst)
    }

    func testChangesJoinTheListedTransitionsAndTheFooterRule() throws {
        // Zurich's file lists changes up to 2037; 2037 to 2039 come partly from the footer.
        let zurich = try TZifFixtures.zone("Europe/Zurich")
        let changes = zurich.changes(
            from: try TZifFixtures.utc("2037-01-01T00:00:00Z"), to: try TZifFixtures.utc("2039-01-01T00:00:00Z"))
        XCTAssertEqual(
            changes.map(\.at),
            try [
                "2037-03-29T01:00:00Z", "2037-10-25T01:00:00Z", "2038-03-28T01:00:00Z", "2038-10-31T01:00:00Z",
            ].map(TZifFixtures.utc))
        XCTAssertEqual(changes.map(\.after.offset), [7200, 3600, 7200, 3600])
    }
}
