import AemtliCore
import XCTest

final class ScheduleCacheTests: XCTestCase {
    typealias F = ScheduleFixtures

    func testACachedScheduleAnswersLikeOneThatComputesEachTime() {
        let time = F.time("Europe/Zurich")
        let plain = Schedule(time: time, now: F.local("2026-03-25T10:00", in: time))
        // Every recurrence, dated and undated, done and not, with ids ending in many different bytes.
        let recurrences: [Recurrence] = [.once, .daily, .weekly, .monthly]
        let dues = [
            nil, "2026-03-25T08:00", "2026-03-25T12:00", "2026-03-28T00:00", "2026-04-02T18:30", "2026-03-01T09:00",
        ]
        let chores = (0..<96).map { n in
            F.chore(
                recurrences[n % 4], due: dues[n % 6], in: time, done: n % 5 == 0, modified: "2026-03-25T09:00:00Z",
                id: "chore-\(n)")
        }
        let cached = plain.cached(for: chores)

        for chore in chores {
            XCTAssertEqual(cached.status(of: chore), plain.status(of: chore), chore.id)
            XCTAssertEqual(cached.countdown(of: chore), plain.countdown(of: chore), chore.id)
            XCTAssertEqual(
                cached.currentOccurrence(of: chore)?.start, plain.currentOccurrence(of: chore)?.start, chore.id)
        }
        XCTAssertGreaterThanOrEqual(Set(chores.map { cached.status(of: $0) }).count, 5, "the chores cover every status")
    }

    func testACachedScheduleAnswersByChoreIDFromWhatItWasBuiltFor() {
        let time = F.time("Europe/Zurich")
        let plain = Schedule(time: time, now: F.local("2026-03-25T10:00", in: time))
        let chores = (0..<40).map { F.chore(.once, due: "2026-03-20T08:00", in: time, id: "chore-\($0)") }
        let cached = plain.cached(for: chores)
        // The same ids, now due next week: a build asks about the chores it was made for, so the
        // answers come from the cache (overdue), not from the changed fields (upcoming).
        for chore in chores {
            var moved = chore
            moved.dueDate = F.local("2026-04-01T08:00", in: time)
            XCTAssertEqual(plain.status(of: moved), .upcoming)
            XCTAssertEqual(cached.status(of: moved), .overdue, chore.id)
            XCTAssertEqual(cached.countdown(of: moved), -5, chore.id)
        }
    }
}
