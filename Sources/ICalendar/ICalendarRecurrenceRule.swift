/// A RECUR value (RFC 5545 §3.3.10), limited to the parts aemtli and VTIMEZONE need.
public struct ICalendarRecurrenceRule: Equatable, Sendable {
    public enum Frequency: String, Sendable {
        case daily = "DAILY"
        case weekly = "WEEKLY"
        case monthly = "MONTHLY"
        case yearly = "YEARLY"
    }

    public enum Until: Equatable, Sendable {
        case date(ICalendarDate)
        case utc(ICalendarDateTime)
    }

    public var frequency: Frequency
    public var until: Until?
    public var byMonth: [Int]
    /// `(ordinal, weekday)`: ordinal 0 means every such weekday, -1 the last; weekday is `SU`…`SA`.
    public var byDay: [(ordinal: Int, weekday: String)]
    public var byMonthDay: [Int]
    public var bySetPosition: [Int]

    public init(
        _ frequency: Frequency, until: Until? = nil, byMonth: [Int] = [], byDay: [(ordinal: Int, weekday: String)] = [],
        byMonthDay: [Int] = [], bySetPosition: [Int] = []
    ) {
        self.frequency = frequency
        self.until = until
        self.byMonth = byMonth
        self.byDay = byDay
        self.byMonthDay = byMonthDay
        self.bySetPosition = bySetPosition
    }

    /// `FREQ=…` first, as RFC 5545 recommends for interoperability.
    public var text: String {
        var parts = ["FREQ=\(frequency.rawValue)"]
        switch until {
        case .date(let date)?: parts.append("UNTIL=\(date.text)")
        case .utc(let dateTime)?: parts.append("UNTIL=\(dateTime.text)Z")
        case nil: break
        }
        if !byMonth.isEmpty { parts.append("BYMONTH=" + byMonth.map(String.init).joined(separator: ",")) }
        if !byDay.isEmpty {
            parts.append("BYDAY=" + byDay.map { ($0.ordinal == 0 ? "" : String($0.ordinal)) + $0.weekday }.joined(separator: ","))
        }
        if !byMonthDay.isEmpty { parts.append("BYMONTHDAY=" + byMonthDay.map(String.init).joined(separator: ",")) }
        if !bySetPosition.isEmpty { parts.append("BYSETPOS=" + bySetPosition.map(String.init).joined(separator: ",")) }
        return parts.joined(separator: ";")
    }

    public static func == (lhs: ICalendarRecurrenceRule, rhs: ICalendarRecurrenceRule) -> Bool {
        lhs.text == rhs.text
    }
}
