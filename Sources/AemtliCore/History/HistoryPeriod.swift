import Foundation

/// One period of one chore in History: when it runs, who it belongs to, and what was seen.
public struct HistoryPeriod: Equatable, Sendable {
    /// The period's first local day (a once chore's: the day it is due).
    public var first: CivilDate
    /// The local day the occurrence is due, which places it in a week for shares.
    public var dueDay: CivilDate
    /// The member id the period belongs to (see README); nil when unassigned.
    public var memberID: String?
    public var mark: HistoryMark
    /// When the tick that stands was made; nil when not done, or done at an unknown time.
    public var tick: Date?
    /// True for the period holding now.
    public var isCurrent: Bool
}

/// One chore's periods in the weeks asked for, oldest first, and its streaks, which reach back to
/// the journal's first line.
public struct ChoreHistory: Sendable {
    /// The chore's position in `Family.chores`.
    public var choreIndex: Int
    /// The periods due in the weeks asked for, and the current one.
    public var periods: [HistoryPeriod]
    /// Done periods in a row up to the latest finished one, plus the current one if done; nil
    /// for a once chore.
    public var streak: Int?
    /// The longest run of done periods since the journal began; nil for a once chore.
    public var bestStreak: Int?
}
