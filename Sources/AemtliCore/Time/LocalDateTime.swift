/// A wall-clock date and time in the family's zone, to the millisecond.
public struct LocalDateTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var date: CivilDate
    /// Milliseconds since the day's midnight (0 ..< 86 400 000).
    public var millisecondOfDay: Int

    public init(date: CivilDate, millisecondOfDay: Int = 0) {
        self.date = date
        self.millisecondOfDay = millisecondOfDay
    }

    public init(date: CivilDate, hour: Int, minute: Int, second: Int = 0) {
        self.init(date: date, millisecondOfDay: ((hour * 60 + minute) * 60 + second) * 1000)
    }

    public var hour: Int { millisecondOfDay / 3_600_000 }
    public var minute: Int { millisecondOfDay / 60_000 % 60 }
    public var second: Int { millisecondOfDay / 1000 % 60 }
    public var isMidnight: Bool { millisecondOfDay == 0 }

    /// Milliseconds since 1970 as if this wall-clock time were UTC.
    var nominalMillis: Int64 { Int64(date.daysSinceEpoch) * 86_400_000 + Int64(millisecondOfDay) }

    init(nominalMillis: Int64) {
        let days = Int((nominalMillis >= 0 ? nominalMillis : nominalMillis - 86_399_999) / 86_400_000)
        self.init(
            date: CivilDate(daysSinceEpoch: days), millisecondOfDay: Int(nominalMillis - Int64(days) * 86_400_000))
    }

    public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool {
        (lhs.date, lhs.millisecondOfDay) < (rhs.date, rhs.millisecondOfDay)
    }

    /// `YYYY-MM-DDTHH:MM`.
    public var description: String {
        let hh = hour < 10 ? "0\(hour)" : "\(hour)"
        let mm = minute < 10 ? "0\(minute)" : "\(minute)"
        return "\(date)T\(hh):\(mm)"
    }
}
