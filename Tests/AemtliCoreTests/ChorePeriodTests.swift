import AemtliCore
import XCTest

/// SPEC §4's periods and stale done flags, in Europe/Zurich.
final class ChorePeriodTests: XCTestCase {
    let calendar = Calendar.family(timeZone: TimeZone(identifier: "Europe/Zurich")!)
    /// Wednesday 2026-03-25 10:00 in Zurich (UTC+1).
    let now = Date(timeIntervalSince1970: 1_774_429_200)
    var periods: CurrentPeriods { CurrentPeriods(now: now, calendar: calendar) }

    func chore(_ recurrence: Recurrence, modified: String?) -> Chore {
        Chore(id: "C", title: "T", isDone: true, recurrence: recurrence, createdAt: Date(timeIntervalSince1970: 0),
              modified: modified.map { iso($0) })
    }

    func iso(_ text: String) -> Date {
        guard case .instant(let seconds)? = ISODateTime.parse(text) else { fatalError(text) }
        return Date(timeIntervalSince1970: seconds)
    }

    func testPeriodsAreTheLocalDayWeekAndMonth() {
        XCTAssertEqual(periods.period(for: .daily)?.start, iso("2026-03-25T00:00:00+01:00"))
        XCTAssertEqual(periods.period(for: .weekly)?.start, iso("2026-03-23T00:00:00+01:00"))
        XCTAssertEqual(periods.period(for: .monthly)?.start, iso("2026-03-01T00:00:00+01:00"))
        XCTAssertNil(periods.period(for: .once))
    }

    func testASundayWeekStartMovesTheWeeklyPeriod() {
        let sundayCalendar = Calendar.family(timeZone: calendar.timeZone, weekStart: .sunday)
        XCTAssertEqual(CurrentPeriods(now: now, calendar: sundayCalendar).period(for: .weekly)?.start, iso("2026-03-22T00:00:00+01:00"))
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
