@testable import AemtliCore
import XCTest

final class WeekShareTallyTests: XCTestCase {
    private let family = HistoryFixtures.family([])

    private func period(_ member: String?, _ mark: HistoryMark) -> HistoryPeriod {
        HistoryPeriod(first: CivilDate(year: 2026, month: 3, day: 2), dueDay: CivilDate(year: 2026, month: 3, day: 2), memberID: member, mark: mark, tick: nil, isCurrent: false)
    }

    /// Tallies of two runs of chores add up per scope and week; members no longer in the store
    /// that only one run saw keep their own rows; unknown periods and weeks outside count nowhere.
    func testTalliesOfRunsAddUpWithMembersNoLongerInTheStore() throws {
        var first = WeekShareTally(family: family, weekCount: 2)
        first.count(period("m1", .done), week: 0, family: family)
        first.count(period("m9", .missed), week: 1, family: family)
        first.count(period(nil, .late), week: 1, family: family)
        first.count(period("m1", .unknown), week: 1, family: family)
        first.count(period("m1", .done), week: 2, family: family)
        var second = WeekShareTally(family: family, weekCount: 2)
        second.count(period("m8", .done), week: 0, family: family)
        second.count(period("m9", .done), week: 1, family: family)
        second.count(period("m1", .open), week: 1, family: family)
        first.add(second)
        let weeks = try [XCTUnwrap(ISOWeek(year: 2026, week: 10)), XCTUnwrap(ISOWeek(year: 2026, week: 11))]
        let shares = first.shares(weeks: weeks).mapValues { $0.map { "\($0.done)/\($0.due)" } }
        XCTAssertEqual(shares, [
            .family: ["2/2", "2/4"], .unassigned: ["0/0", "1/1"], .member("m1"): ["1/1", "0/1"], .member("m2"): ["0/0", "0/0"],
            .member("m9"): ["0/0", "1/2"], .member("m8"): ["1/1", "0/0"],
        ])
    }
}
