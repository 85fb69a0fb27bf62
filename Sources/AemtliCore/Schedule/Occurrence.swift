import Foundation

/// One time a chore is due.
public struct Occurrence: Equatable, Sendable {
    public var choreID: String
    /// When it starts; for an all-day occurrence, the first instant of its day.
    public var start: Date
    /// Its wall-clock start in the family's zone (the day, for an all-day occurrence).
    public var local: LocalDateTime
    /// At 00:00 local (SPEC §4): the occurrence is the whole day.
    public var isAllDay: Bool

    public var date: CivilDate { local.date }
}
