@testable import AemtliCore
import Foundation
import XCTest

final class DayStartsTests: XCTestCase {
    /// Periods found by day number are the ones `CurrentPeriods` finds by date, for weeks that
    /// start on Monday or Sunday, over two years and past both ends of the table.
    func testPeriodsByDayNumberAreTheCalendarsPeriods() throws {
        for weekStart in [WeekStart.monday, .sunday] {
            let zone = try XCTUnwrap(TimeZone(identifier: "Europe/Zurich"))
            let time = FamilyTime(zone: FamilyZone(zone), weekStart: weekStart, around: Date(timeIntervalSince1970: 1_780_000_000))
            let starts = DayStarts(from: CivilDate(year: 2026, month: 1, day: 1), through: CivilDate(year: 2026, month: 12, day: 31), time: time)
            for offset in -40...800 {
                let date = CivilDate(year: 2025, month: 12, day: 1).adding(days: offset)
                for recurrence in [Recurrence.once, .daily, .weekly, .monthly] {
                    let expected = CurrentPeriods.period(containing: date, recurrence, weekStart: weekStart)
                    let found = starts.period(containing: date.daysSinceEpoch, recurrence)
                    XCTAssertEqual(found, expected.lowerBound.daysSinceEpoch..<expected.upperBound.daysSinceEpoch, "\(date) \(recurrence) \(weekStart)")
                }
                XCTAssertEqual(starts.millis(day: date.daysSinceEpoch), FamilyTime.millis(time.startOfDay(date)), "\(date)")
            }
        }
    }
}
