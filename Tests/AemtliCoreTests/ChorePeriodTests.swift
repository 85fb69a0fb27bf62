import AemtliCore
import XCTest

/// SPEC §4's periods and stale done flags, in Europe/Zurich.
final class ChorePeriodTests: XCTestCase {
    let zone = TimeZone(identifier: "Europe/Zurich")!
    /// Wednesday 2026-03-25 10:00 in Zurich (UTC+1).
    let now = Date(timeIntervalSince1970: 1_774_429_200)
    var periods: CurrentPeriods { CurrentPeriods(now: now, time: FamilyTime(timeZone: zone, around: now)) }

    func chore(_ recurrence: Recurrence, modified: String?) -> Chore {
        Chore(
            id: "C", title: "T", isDone: true, recurrence: recurrence, createdAt: Date(timeIntervalSince1970: 0),
            modified: modified.map { iso($0) })
    }

    func iso(_ text: String) -> Date {
        guard case .instant(let seconds)? = ISODateTime.parse(text) else { fatalError(text) }
        return Date(timeIntervalSince1970: seconds)
    }

    func date(_ text: String) -> CivilDate {
        guard case .date(let year, let month, let day)? = ISODateTime.parse(text) else { fatalError(text) }
        return CivilDate(year: year, month: month, day: day)
    }

    func testPeriodsAreTheLocalDayWeekAndMonth() {
        XCTAssertEqual(periods.period(for: .daily), date("2026-03-25")..<date("2026-03-26"))
        XCTAssertEqual(periods.period(for: .weekly), date("2026-03-23")..<date("2026-03-30"))
        XCTAssertEqual(periods.period(for: .monthly), date("2026-03-01")..<date("2026-04-01"))
        XCTAssertEqual(periods.start(for: .weekly), iso("2026-03-23T00:00:00+01:00"))
        XCTAssertEqual(periods.start(for: .monthly), iso("2026-03-01T00:00:00+01:00"))
        XCTAssertNil(periods.period(for: .once))
    }

    func testASundayWeekStartMovesTheWeeklyPeriod() {
        let sunday = CurrentPeriods(now: now, time: FamilyTime(timeZone: zone, weekStart: .sunday, around: now))
        XCTAssertEqual(sunday.period(for: .weekly), date("2026-03-22")..<date("2026-03-29"))
    }

    func testAFlagSetBeforeThePeriodBeganIsStale() {
        XCTAssertTrue(chore(.daily, modified: "2026-03-24T23:59:59+01:00").isDoneFlagStale(in: periods))
        XCTAssertFalse(chore(.daily, modified: "2026-03-25T00:00:00+01:00").isDoneFlagStale(in: periods))
        XCTAssertTrue(chore(.weekly, modified: "2026-03-22T20:00:00+01:00").isDoneFlagStale(in: periods))
        XCTAssertFalse(chore(.weekly, modified: "2026-03-23T08:00:00+01:00").isDoneFlagStale(in: periods))
        XCTAssertTrue(chore(.monthly, modified: "2026-02-28T12:00:00+01:00").isDoneFlagStale(in: periods))
        XCTAssertTrue(chore(.monthly, modified: "2026-03-01T00:00:01+01:00").isCurrentlyDone(in: periods))
    }

    func testOnceChoresAndUnknownTimestampsAreNeverStale() {
        XCTAssertFalse(chore(.once, modified: "2020-01-01T00:00:00Z").isDoneFlagStale(in: periods))
        XCTAssertFalse(chore(.daily, modified: nil).isDoneFlagStale(in: periods))
    }

    func testAStaleFlagDoesNotCountAsDone() {
        XCTAssertFalse(chore(.daily, modified: "2026-03-24T20:00:00+01:00").isCurrentlyDone(in: periods))
        XCTAssertTrue(chore(.daily, modified: "2026-03-25T08:00:00+01:00").isCurrentlyDone(in: periods))
    }
}
