/// A property value in one of RFC 5545's value types (§3.3), formatted when written.
public enum ICalendarValue: Equatable, Sendable {
    /// TEXT: escaped so that nothing in it can end the value or start a property.
    case text(String)
    /// A value written as it is (integers, URIs, `2.0`, `PUBLISH`); must not hold a line break.
    case raw(String)
    case date(ICalendarDate)
    /// DATE-TIME in UTC (`…Z`).
    case utc(ICalendarDateTime)
    /// DATE-TIME in a named zone (`TZID=…`), or floating when the zone is nil.
    case local(ICalendarDateTime, timeZone: String?)
    /// DURATION in seconds, e.g. `PT30M`, `-PT10M`, `P1D`.
    case duration(Int)
    case recurrence(ICalendarRecurrenceRule)
    /// UTC-OFFSET in seconds, e.g. `+0100`, `+0530`, `+1245`.
    case utcOffset(Int)
    /// Several DATE-TIME values in UTC (`…Z,…Z`), as an EXDATE that names instants lists them.
    case utcList([ICalendarDateTime])

    public var text: String {
        var bytes: [UInt8] = []
        append(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes the value in its type's format.
    func append(to output: inout [UInt8]) {
        switch self {
        case .text(let text): ICalendarEscaping.appendText(text, to: &output)
        case .raw(let text): ICalendarEscaping.appendRaw(text, to: &output)
        case .date(let date): date.append(to: &output)
        case .utc(let dateTime):
            dateTime.append(to: &output)
            output.append(0x5A)
        case .local(let dateTime, _): dateTime.append(to: &output)
        case .duration(let seconds): output += Self.duration(seconds).utf8
        case .recurrence(let rule): rule.append(to: &output)
        case .utcOffset(let seconds): output += Self.offset(seconds).utf8
        case .utcList(let values):
            for (index, value) in values.enumerated() {
                if index > 0 { output.append(0x2C) }
                value.append(to: &output)
                output.append(0x5A)
            }
        }
    }

    static func duration(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : ""
        var rest = abs(seconds)
        if rest == 0 { return "PT0S" }
        if rest % 86_400 == 0 { return "\(sign)P\(rest / 86_400)D" }
        var text = "\(sign)P"
        if rest >= 86_400 {
            text += "\(rest / 86_400)D"
            rest %= 86_400
        }
        // dur-time (§3.3.6): hours may only be followed by minutes, so "5 h 20 s" is T5H0M20S.
        text += "T"
        let hours = rest / 3600, minutes = rest / 60 % 60, seconds = rest % 60
        if hours > 0 { text += "\(hours)H" }
        if minutes > 0 || (hours > 0 && seconds > 0) { text += "\(minutes)M" }
        if seconds > 0 { text += "\(seconds)S" }
        return text
    }

    static func offset(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let magnitude = abs(seconds)
        var text = sign + ICalendarDate.pad(magnitude / 3600, 2) + ICalendarDate.pad(magnitude / 60 % 60, 2)
        if magnitude % 60 != 0 { text += ICalendarDate.pad(magnitude % 60, 2) }
        return text
    }
}

/// A DATE value.
public struct ICalendarDate: Equatable, Hashable, Sendable {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// `YYYYMMDD`.
    public var text: String {
        var bytes: [UInt8] = []
        append(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    func append(to bytes: inout [UInt8]) {
        Self.appendDigits(year, 4, to: &bytes)
        Self.appendDigits(month, 2, to: &bytes)
        Self.appendDigits(day, 2, to: &bytes)
    }

    static func pad(_ number: Int, _ width: Int) -> String {
        var bytes: [UInt8] = []
        appendDigits(number, width, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `number` in at least `width` digits (non-negative numbers; longer ones are written whole).
    static func appendDigits(_ number: Int, _ width: Int, to bytes: inout [UInt8]) {
        // Dates and times need two and four digits: constant divisors, which compile to multiplications.
        if width == 2, (0..<100).contains(number) {
            bytes.append(UInt8(truncatingIfNeeded: 0x30 + number / 10))
            bytes.append(UInt8(truncatingIfNeeded: 0x30 + number % 10))
            return
        }
        if width == 4, (0..<10_000).contains(number) {
            bytes.append(UInt8(truncatingIfNeeded: 0x30 + number / 1000))
            bytes.append(UInt8(truncatingIfNeeded: 0x30 + number / 100 % 10))
            bytes.append(UInt8(truncatingIfNeeded: 0x30 + number / 10 % 10))
            bytes.append(UInt8(truncatingIfNeeded: 0x30 + number % 10))
            return
        }
        var count = 1
        var scale = 1
        while number / scale >= 10 {
            scale *= 10
            count += 1
        }
        for _ in count..<max(width, count) { bytes.append(0x30) }
        while scale > 0 {
            bytes.append(UInt8(truncatingIfNeeded: 0x30 + number / scale % 10))
            scale /= 10
        }
    }
}

/// A date and a time of day, without a zone of its own.
public struct ICalendarDateTime: Equatable, Hashable, Sendable {
    public var date: ICalendarDate
    public var hour: Int
    public var minute: Int
    public var second: Int

    public init(date: ICalendarDate, hour: Int, minute: Int, second: Int = 0) {
        self.date = date
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// `YYYYMMDDTHHMMSS`.
    public var text: String {
        var bytes: [UInt8] = []
        append(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    func append(to bytes: inout [UInt8]) {
        date.append(to: &bytes)
        bytes.append(0x54)
        ICalendarDate.appendDigits(hour, 2, to: &bytes)
        ICalendarDate.appendDigits(minute, 2, to: &bytes)
        ICalendarDate.appendDigits(second, 2, to: &bytes)
    }
}
