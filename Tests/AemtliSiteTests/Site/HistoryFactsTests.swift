import AemtliCore
import AemtliSite
import XCTest

final class HistoryFactsTests: XCTestCase {
    private static let zurich = FamilyTime(
        timeZone: TimeZone(identifier: "Europe/Zurich") ?? .current, around: Date(timeIntervalSince1970: 1_773_000_000))

    func testEachMemberGetsAGridOfDaysSharesStreaksAndLastWeek() throws {
        // Ben's daily chore, due 18:00 from Monday 2 March 2026 (17:00Z). Journal: syncs hourly
        // from 1 March; ticks at 07:00Z on 2–6 March, nothing on 7 and 8 March; ticks on 9 and
        // 10 March. Now is Wednesday 11 March 09:00, flag clear: open. Two weeks (W10, W11):
        // W10 is ✓✓✓✓✓✗✗ (5/7), W11 is ✓✓○ then 4 empty days (2/3, the open day counted).
        // Streak 2 (9th, 10th; today open), best 5. Anna has no chores: empty grid, no shares.
        let time = Self.zurich
        let due = time.instant(LocalDateTime(date: CivilDate(year: 2026, month: 3, day: 2), hour: 18, minute: 0))
        let chore = Chore(id: "C1", title: "Dishes", assigneeID: "m2", dueDate: due, recurrence: .daily, createdAt: due)
        let family = Family(
            members: [
                FamilyMember(id: "m1", name: "Anna", role: .child), FamilyMember(id: "m2", name: "Ben", role: .child),
            ], chores: [chore])
        let start: Int64 = 1_772_323_200_000  // 2026-03-01T00:00Z
        let days: [Int64] = [1, 2, 3, 4, 5, 8, 9]  // days after 1 March: 2–6, 9, 10 March
        let events = days.map {
            JournalEvent(choreID: "C1", kind: .done, at: start + $0 * 86_400_000 + 7 * 3_600_000, assignedTo: "m2")
        }
        let syncs = (0...(10 * 24 + 7)).map { start + Int64($0) * 3_600_000 }
        let now = Date(timeIntervalSince1970: Double(start + 10 * 86_400_000 + 8 * 3_600_000) / 1000)
        let history = History(
            family: family, journal: CompletionJournal(events: events, syncs: syncs),
            schedule: Schedule(time: time, now: now), weeks: 2)

        let facts = HistoryFacts(history: history)
        XCTAssertEqual(facts.weeks.map(\.description), ["2026-W10", "2026-W11"])
        let ben = try XCTUnwrap(facts.section(memberID: "m2"))
        XCTAssertEqual(ben.slug, "ben")
        XCTAssertEqual(ben.rows.first?.days.map { $0.map(HistoryFacts.symbol).joined() }, ["✓✓✓✓✓✗✗", "✓✓○    "])
        XCTAssertEqual(ben.shares.map { "\($0.done)/\($0.due)" }, ["5/7", "2/3"])
        XCTAssertEqual(ben.lastWeek?.percentage, 71)
        XCTAssertEqual(ben.streaks.map { "\($0.chore.id) \($0.streak ?? -1)/\($0.bestStreak ?? -1)" }, ["C1 2/5"])
        let anna = try XCTUnwrap(facts.section(memberID: "m1"))
        XCTAssertTrue(anna.rows.isEmpty)
        XCTAssertEqual(anna.shares.map(\.percentage), [nil, nil])
        XCTAssertEqual(facts.familyShares.map { "\($0.done)/\($0.due)" }, ["5/7", "2/3"])
    }
}
