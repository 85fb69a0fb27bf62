import AemtliCore
import AemtliSite
import XCTest

final class WeekMarksTests: XCTestCase {
    func testEachDayKeepsItsOwnMarkWhateverItsNeighboursHold() {
        let choices: [HistoryMark?] = [nil] + HistoryMark.allCases.map { $0 }
        // Every mark on every day, beside neighbours set before and after it.
        for day in 0..<7 {
            for mark in choices {
                var week = WeekMarks()
                for other in 0..<7 where other != day { week[other] = .open }
                week[day] = mark
                XCTAssertEqual(
                    Array(week), (0..<7).map { $0 == day ? mark : .open }, "day \(day), \(String(describing: mark))")
                week[day] = .missed
                week[day] = mark
                XCTAssertEqual(week[day], mark, "set twice")
            }
        }
        XCTAssertEqual(Array(WeekMarks()), [HistoryMark?](repeating: nil, count: 7))
    }

    func testWeeksAreEqualWhenTheirDaysAre() {
        var first = WeekMarks(), second = WeekMarks()
        first[0] = .done
        second[1] = .done
        XCTAssertNotEqual(first, second, "the same mark on another day is another week")
        second[1] = nil
        second[0] = .done
        XCTAssertEqual(first, second)
        XCTAssertEqual(Set([first, second]).count, 1)
    }

    func testCompactedKeepsTheMarksInOrderFromTheFirstDay() {
        var week = WeekMarks()
        week[1] = .late
        week[4] = .done
        week[6] = .late
        XCTAssertEqual(Array(week.compacted), [.late, .done, .late, nil, nil, nil, nil])
        var other = WeekMarks()
        other[0] = .late
        other[2] = .done
        other[3] = .late
        XCTAssertEqual(other.compacted, week.compacted, "the same marks on other days")
        XCTAssertEqual(Array(WeekMarks().compacted), Array(WeekMarks()))
    }
}
