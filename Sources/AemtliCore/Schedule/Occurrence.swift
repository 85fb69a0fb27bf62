import Foundation

/// One time a chore is due.
public struct Occurrence: Equatable, Sendable {
    public let choreID: String
    /// When it starts; for an all-day occurrence, the first instant of its day.
    public let start: Date
    /// Its wall-clock start in the family's zone (the day, for an all-day occurrence): where a
    /// spring-forward gap moved it, the moved time, which may be on the next day.
    public let local: LocalDateTime
    /// At 00:00 local (SPEC §4): the occurrence is the whole day.
    public let isAllDay: Bool
    /// The day it belongs to: its period, due day, status and done flag go by this day, not by
    /// `local`'s (SPEC §4, "Periods").
    public let date: CivilDate

    /// `written` is the wall-clock time the series names for it; `local` the one it really is.
    init(choreID: String, start: Date, written: LocalDateTime, local: LocalDateTime, isAllDay: Bool) {
        self.choreID = choreID
        self.start = start
        self.local = local
        self.isAllDay = isAllDay
        self.date = Self.day(written: written, real: local)
    }

    /// The one rule for which day an occurrence is (SPEC §4): its written day, also when a gap
    /// shorter than a day moved it past midnight (Nuuk's 23:30 on the Saturday its clocks skip
    /// 23:00–24:00 is at 00:30 on Sunday and still Saturday's, whose done flag it answers to). A
    /// day the zone skipped whole (Samoa's 2011-12-30) has no period to belong to: what was
    /// written on it is the day it moved to, beside that day's own occurrence.
    static func day(written: LocalDateTime, real: LocalDateTime) -> CivilDate {
        let moved = real.nominalMillis - written.nominalMillis
        return moved < 86_400_000 ? written.date : real.date
    }
}
