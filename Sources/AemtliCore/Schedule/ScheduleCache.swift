/// Each chore's current occurrence, status and countdown at one `now`, computed once per build
/// so that pages, feeds and charts do not expand the same series again and again.
public final class ScheduleCache: @unchecked Sendable {
    public struct State: Sendable {
        public var occurrence: Occurrence?
        public var status: ChoreStatus?
        public var countdown: Int?
    }

    /// The states by chore position, and the positions by chore id.
    private let states: [State]
    private let positions: [String: Int]

    /// The states of `chores` under `schedule`.
    init(_ chores: [Chore], schedule: Schedule) {
        states = chores.map { chore in
            State(
                occurrence: schedule.computeCurrentOccurrence(of: chore), status: schedule.computeStatus(of: chore),
                countdown: schedule.computeCountdown(of: chore))
        }
        positions = Dictionary(chores.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    func state(of chore: Chore) -> State? {
        positions[chore.id].map { states[$0] }
    }
}

extension Schedule {
    /// This schedule with every chore's current occurrence, status and countdown computed once,
    /// for a build that asks for them many times.
    public func cached(for chores: [Chore]) -> Schedule {
        var copy = self
        copy.cache = ScheduleCache(chores, schedule: self)
        return copy
    }
}
