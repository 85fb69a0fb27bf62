/// Each chore's current occurrence, status and countdown at one `now`, computed once per build
/// so that pages, feeds and charts do not expand the same series again and again.
public final class ScheduleCache: @unchecked Sendable {
    public struct State: Sendable {
        public var occurrence: Occurrence?
        public var status: ChoreStatus?
        public var countdown: Int?
    }

    let states: [String: State]

    public init(_ states: [String: State]) {
        self.states = states
    }
}

extension Schedule {
    /// The states of `chores`, computed without a cache; callers split the chores across cores
    /// and build one `ScheduleCache` from all the parts.
    public func states(of chores: ArraySlice<Chore>) -> [(String, ScheduleCache.State)] {
        chores.map { chore in
            (chore.id, ScheduleCache.State(occurrence: computeCurrentOccurrence(of: chore), status: computeStatus(of: chore), countdown: computeCountdown(of: chore)))
        }
    }

    /// This schedule, answering from `cache` for the chores it holds.
    public func using(_ cache: ScheduleCache) -> Schedule {
        var copy = self
        copy.cache = cache
        return copy
    }
}
