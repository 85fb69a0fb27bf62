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
    /// Days of the year, 1…366 (February 29 counted in leap years).
    public var byYearDay: [Int] = []

    public init(
        _ frequency: Frequency, until: Until? = nil, byMonth: [Int] = [], byDay: [(ordinal: Int, weekday: String)] = [],
        byMonthDay: [Int] = []
    ) {
        self.frequency = frequency
        self.until = until
        self.byMonth = byMonth
        self.byDay = byDay
        self.byMonthDay = byMonthDay
    }

    /// `FREQ=…` first, as RFC 5545 recommends for interoperability.
    public var text: String {
        var bytes: [UInt8] = []
        append(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    func append(to output: inout [UInt8]) {
        output += "FREQ=".utf8
        output += frequency.rawValue.utf8
        switch until {
        case .date(let date)?:
            output += ";UNTIL=".utf8
            date.append(to: &output)
        case .utc(let dateTime)?:
            output += ";UNTIL=".utf8
            dateTime.append(to: &output)
            output.append(0x5A)
        case nil: break
        }
        func list(_ name: String, _ values: [Int]) {
            guard !values.isEmpty else { return }
            output += ";\(name)=".utf8
            output += values.map(String.init).joined(separator: ",").utf8
        }
        list("BYMONTH", byMonth)
        if !byDay.isEmpty {
            output += ";BYDAY=".utf8
            output += byDay.map { ($0.ordinal == 0 ? "" : String($0.ordinal)) + $0.weekday }.joined(separator: ",").utf8
        }
        list("BYMONTHDAY", byMonthDay)
        list("BYYEARDAY", byYearDay)
    }

    public static func == (lhs: ICalendarRecurrenceRule, rhs: ICalendarRecurrenceRule) -> Bool {
        lhs.text == rhs.text
    }
}
