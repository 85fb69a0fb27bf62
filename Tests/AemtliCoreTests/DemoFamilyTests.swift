import AemtliCore
import JSON
import XCTest

final class DemoFamilyTests: XCTestCase {
    /// Foundation's calendar, to look at the dates independently of aemtli's own arithmetic.
    let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Zurich")!
        return calendar
    }()
    /// Sunday 2026-11-22 10:00 in Zurich.
    let now = Date(timeIntervalSince1970: 1_795_338_000)

    func read(now: Date) throws -> StoreReadResult {
        let document = DemoFamily.responses(now: now, time: FamilyTime(timeZone: calendar.timeZone, around: now))
        return try StoreReader().read([StoreSource(name: "demo", bytes: Array(document.serialized().utf8))])
    }

    func testHasTheAppsThreeDefaultMembers() throws {
        let members = try read(now: now).family.members
        XCTAssertEqual(members.map(\.name), ["Parent 1", "Anna", "Max"])
        XCTAssertEqual(
            members.map(\.id),
            [
                "00000000-0000-0000-0000-000000000001", "00000000-0000-0000-0000-000000000002",
                "00000000-0000-0000-0000-000000000003",
            ])
        XCTAssertEqual(members.map(\.role), [.parent, .child, .child])
    }

    func testCoversEverythingTheDashboardShows() throws {
        let result = try read(now: now)
        let chores = result.family.chores
        XCTAssertEqual(result.diagnostics, [])
        XCTAssertEqual(chores.count, 20)
        XCTAssertEqual(Set(chores.map(\.recurrence)), Set(Recurrence.allCases))
        XCTAssertTrue(chores.contains { $0.deadline != nil && $0.recurrence != .once }, "a deadline ending a series")
        XCTAssertTrue(chores.contains { $0.deadline != nil && $0.dueDate == nil }, "a once chore with only a deadline")
        XCTAssertTrue(chores.contains { $0.dueDate == nil && $0.deadline == nil }, "an undated chore")
        XCTAssertTrue(chores.contains { $0.assigneeID == nil }, "an unassigned chore")
        XCTAssertTrue(
            chores.contains {
                $0.isCurrentlyDone(
                    in: CurrentPeriods(now: now, time: FamilyTime(timeZone: calendar.timeZone, around: now)))
            }, "a done chore")
        XCTAssertTrue(
            chores.contains {
                $0.isDoneFlagStale(
                    in: CurrentPeriods(now: now, time: FamilyTime(timeZone: calendar.timeZone, around: now)))
            }, "a stale done flag")
        XCTAssertTrue(
            chores.contains { $0.title.contains("ä") } && chores.contains { $0.title.hasPrefix("Empty") },
            "German and English")
    }

    func testHasAMonthlyChoreOnTheThirtyFirst() throws {
        let monthly = try read(now: now).family.chores.filter { $0.recurrence == .monthly }
        let days = monthly.compactMap { $0.dueDate }.map { calendar.component(.day, from: $0) }
        XCTAssertTrue(days.contains(31), "days: \(days)")
        // The most recent 31st on or before 2026-11-22 is 2026-10-31.
        let thirtyFirst = monthly.compactMap(\.dueDate).first { calendar.component(.day, from: $0) == 31 }!
        XCTAssertEqual(
            calendar.dateComponents([.year, .month, .hour], from: thirtyFirst),
            DateComponents(year: 2026, month: 10, hour: 9))
    }

    func testPlacesDatesRelativeToNowAndIsReproducible() throws {
        let first = DemoFamily.responses(now: now, time: FamilyTime(timeZone: calendar.timeZone, around: now))
            .serialized()
        XCTAssertEqual(
            first,
            DemoFamily.responses(now: now, time: FamilyTime(timeZone: calendar.timeZone, around: now)).serialized())
        let later = now.addingTimeInterval(7 * 86_400)
        let dueToday = { (now: Date) in
            try self.read(now: now).family.chores.first { $0.title == "Tisch decken" }!.dueDate!
        }
        XCTAssertTrue(calendar.isDate(try dueToday(now), inSameDayAs: now))
        XCTAssertTrue(calendar.isDate(try dueToday(later), inSameDayAs: later))
    }
}
