/// A POSIX TZ rule as TZif footers write it (RFC 9636 §3.3): standard time, and optionally summer
/// time with the two yearly changes, e.g. `CET-1CEST,M3.5.0,M10.5.0/3`. Offsets here are seconds
/// east of UTC (the string writes them west). Parsed by `PosixTZ(parsing:)`, evaluated by
/// `PosixTZ+Evaluation.swift`.
public struct PosixTZ: Sendable, Equatable {
    /// The day of the year a change happens on.
    public enum Day: Sendable, Equatable {
        /// `Jn`: day 1…365, February 29 never counted (J60 is always March 1).
        case julian(Int)
        /// `n`: day 0…365, February 29 counted in leap years.
        case zeroBased(Int)
        /// `Mm.w.d`: weekday d (0 = Sunday) of week w (1…5, 5 = the last) of month m.
        case monthWeekday(month: Int, week: Int, weekday: Int)
    }

    /// A yearly change: a day, and the local time on it (seconds, −167 h to 167 h) in the time
    /// that is in force before the change.
    public struct Change: Sendable, Equatable {
        public var day: Day
        public var time: Int

        public init(day: Day, time: Int = 7200) {
            self.day = day
            self.time = time
        }
    }

    /// Summer time: its abbreviation, offset, and the changes into it and out of it.
    public struct Daylight: Sendable, Equatable {
        public var abbreviation: String
        public var offset: Int
        public var start: Change
        public var end: Change

        public init(abbreviation: String, offset: Int, start: Change, end: Change) {
            self.abbreviation = abbreviation
            self.offset = offset
            self.start = start
            self.end = end
        }
    }

    public var standardAbbreviation: String
    public var standardOffset: Int
    public var daylight: Daylight?

    public init(standardAbbreviation: String, standardOffset: Int, daylight: Daylight?) {
        self.standardAbbreviation = standardAbbreviation
        self.standardOffset = standardOffset
        self.daylight = daylight
    }

    public var standard: TZifZone.LocalTimeType {
        TZifZone.LocalTimeType(offset: standardOffset, isDaylight: false, abbreviation: standardAbbreviation)
    }
}
