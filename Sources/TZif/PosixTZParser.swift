extension PosixTZ {
    /// Parses `std offset [dst [offset] [,start[/time],end[/time]]]`; nil when the text is not one.
    /// Without rules, summer time follows the US rules of 2007 (`M3.2.0,M11.1.0`), as C libraries do.
    public init?(parsing text: String) {
        var scanner = RuleScanner(Array(text.utf8))
        guard let standardName = scanner.abbreviation(), let standardWest = scanner.duration(maxHours: 24) else {
            return nil
        }
        var daylight: Daylight?
        if !scanner.isAtEnd {
            guard let name = scanner.abbreviation() else { return nil }
            var offset = -standardWest + 3600
            if !scanner.isAtEnd && scanner.peek != UInt8(ascii: ",") {
                guard let west = scanner.duration(maxHours: 24) else { return nil }
                offset = -west
            }
            var start = Change(day: .monthWeekday(month: 3, week: 2, weekday: 0))
            var end = Change(day: .monthWeekday(month: 11, week: 1, weekday: 0))
            if scanner.take(UInt8(ascii: ",")) {
                guard let first = scanner.change(), scanner.take(UInt8(ascii: ",")), let second = scanner.change()
                else { return nil }
                (start, end) = (first, second)
            }
            daylight = Daylight(abbreviation: name, offset: offset, start: start, end: end)
        }
        guard scanner.isAtEnd else { return nil }
        self.init(standardAbbreviation: standardName, standardOffset: -standardWest, daylight: daylight)
    }
}

/// The pieces of a POSIX TZ string, read left to right.
private struct RuleScanner {
    let bytes: [UInt8]
    var index = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { index == bytes.count }
    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func take(_ byte: UInt8) -> Bool {
        guard peek == byte else { return false }
        index += 1
        return true
    }

    /// Three or more letters, or `<…>` of letters, digits, `+` and `-`.
    mutating func abbreviation() -> String? {
        let quoted = take(UInt8(ascii: "<"))
        let start = index
        while let byte = peek,
            Self.isLetter(byte)
                || (quoted && (Self.isDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")))
        {
            index += 1
        }
        let name = String(decoding: bytes[start..<index], as: UTF8.self)
        guard name.utf8.count >= 3 else { return nil }
        if quoted && !take(UInt8(ascii: ">")) { return nil }
        return name
    }

    /// `[+-]hh[:mm[:ss]]` in seconds, hours at most `maxHours`.
    mutating func duration(maxHours: Int) -> Int? {
        let sign = take(UInt8(ascii: "-")) ? -1 : (take(UInt8(ascii: "+")) ? 1 : 1)
        guard let hours = number(maxDigits: 3), hours <= maxHours else { return nil }
        var seconds = hours * 3600
        for unit in [60, 1] {
            guard take(UInt8(ascii: ":")) else { break }
            guard let value = number(maxDigits: 2), value < 60 else { return nil }
            seconds += value * unit
        }
        return sign * seconds
    }

    /// `Jn`, `n` or `Mm.w.d`, then `/time` (default 02:00).
    mutating func change() -> PosixTZ.Change? {
        let day: PosixTZ.Day
        if take(UInt8(ascii: "J")) {
            guard let n = number(maxDigits: 3), (1...365).contains(n) else { return nil }
            day = .julian(n)
        } else if take(UInt8(ascii: "M")) {
            guard let month = number(maxDigits: 2), (1...12).contains(month), take(UInt8(ascii: ".")),
                let week = number(maxDigits: 1), (1...5).contains(week), take(UInt8(ascii: ".")),
                let weekday = number(maxDigits: 1), weekday <= 6
            else { return nil }
            day = .monthWeekday(month: month, week: week, weekday: weekday)
        } else {
            guard let n = number(maxDigits: 3), n <= 365 else { return nil }
            day = .zeroBased(n)
        }
        guard take(UInt8(ascii: "/")) else { return PosixTZ.Change(day: day) }
        guard let time = duration(maxHours: 167) else { return nil }
        return PosixTZ.Change(day: day, time: time)
    }

    private mutating func number(maxDigits: Int) -> Int? {
        let start = index
        var value = 0
        while let byte = peek, Self.isDigit(byte), index - start < maxDigits {
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            index += 1
        }
        return index > start ? value : nil
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }
}
