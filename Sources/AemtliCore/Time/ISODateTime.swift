import CivilCalendar

/// ISO 8601 / RFC 3339 date and date-time text, parsed by hand: fast, and independent of any
/// locale, calendar setting or clock.
///
/// Accepted: `YYYY-MM-DD`, and `YYYY-MM-DDTHH:MM[:SS[.fff…]]` followed by `Z`, `±HH:MM`, `±HHMM`,
/// `±HH`, or nothing (a local wall-clock time). A space may stand for `T`.
public enum ISODateTime: Equatable, Sendable {
    /// A fixed instant: seconds since 1970-01-01T00:00:00Z.
    case instant(Double)
    /// A wall-clock date and time with no offset; a time zone gives it meaning.
    case local(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int)
    /// A calendar date with no time.
    case date(year: Int, month: Int, day: Int)

    public static func parse(_ text: String) -> ISODateTime? {
        var scanner = Scanner(bytes: Array(text.utf8))
        guard let year = scanner.digits(4), scanner.skip("-"),
            let month = scanner.digits(2), scanner.skip("-"),
            let day = scanner.digits(2),
            (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day)
        else { return nil }
        if scanner.isAtEnd { return .date(year: year, month: month, day: day) }
        guard scanner.skip("T") || scanner.skip("t") || scanner.skip(" "),
            let hour = scanner.digits(2), scanner.skip(":"), let minute = scanner.digits(2),
            hour < 24, minute < 60
        else { return nil }
        var second = 0
        var fraction = 0.0
        if scanner.skip(":") {
            guard let whole = scanner.digits(2), whole < 61 else { return nil }
            second = min(whole, 59)
            if scanner.skip(".") || scanner.skip(",") {
                let digits = scanner.takeDigits()
                guard !digits.isEmpty, let value = Double("0." + digits) else { return nil }
                fraction = value
            }
        }
        if scanner.isAtEnd {
            return .local(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        }
        var offsetSeconds = 0
        if scanner.skip("Z") || scanner.skip("z") {
            offsetSeconds = 0
        } else {
            let sign: Int
            if scanner.skip("+") { sign = 1 } else if scanner.skip("-") { sign = -1 } else { return nil }
            guard let offsetHours = scanner.digits(2), offsetHours < 24 else { return nil }
            _ = scanner.skip(":")
            let offsetMinutes = scanner.isAtEnd ? 0 : scanner.digits(2)
            guard let offsetMinutes, offsetMinutes < 60 else { return nil }
            offsetSeconds = sign * (offsetHours * 3600 + offsetMinutes * 60)
        }
        guard scanner.isAtEnd else { return nil }
        let days = daysSinceEpoch(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return .instant(Double(seconds) + fraction)
    }

    /// Milliseconds since 1970 for text that names an instant (with `Z` or an offset), else nil.
    public static func instantMillis(_ text: String) -> Int64? {
        guard case .instant(let seconds)? = parse(text) else { return nil }
        return Int64((seconds * 1000).rounded())
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date.
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        CivilDays.days(year: year, month: month, day: day)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        CivilDays.length(ofMonth: month, year: year)
    }
}

/// The text's UTF-8 bytes read from the front: every character the grammar accepts is ASCII, so
/// any other byte simply matches nothing.
private struct Scanner {
    let bytes: [UInt8]
    var index = 0

    var isAtEnd: Bool { index == bytes.count }

    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    /// Exactly `count` ASCII digits as a number.
    mutating func digits(_ count: Int) -> Int? {
        guard index + count <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[index..<index + count] {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        index += count
        return value
    }

    /// The ASCII digits from here on, as text.
    mutating func takeDigits() -> String {
        let start = index
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }
}
