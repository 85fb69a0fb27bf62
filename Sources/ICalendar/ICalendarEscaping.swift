/// Escaping for RFC 5545 TEXT values and parameter values.
enum ICalendarEscaping {
    /// TEXT (§3.3.11): `\` `;` `,` escaped with a backslash, any line break as `\n`, other control
    /// characters (which TEXT may not hold) as spaces.
    static func text(_ value: String) -> String {
        // Most text needs nothing: no backslash, semicolon, comma, control character, or lead byte
        // of a Unicode line break (U+0085, U+2028, U+2029).
        if !value.utf8.contains(where: { $0 == 0x5C || $0 == 0x3B || $0 == 0x2C || $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }) {
            return value
        }
        var result = ""
        result.reserveCapacity(value.utf8.count)
        var previousWasCR = false
        for scalar in value.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            switch scalar {
            case "\\": result += "\\\\"
            case ";": result += "\\;"
            case ",": result += "\\,"
            case "\n": if !previousWasCR { result += "\\n" }
            case "\r", "\u{2028}", "\u{2029}", "\u{85}": result += "\\n"
            case "\t": result.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: result += " "
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A parameter value (§3.2): quoted when it holds `:`, `;` or `,`; a double quote or a control
    /// character, which no parameter value may hold, is dropped.
    static func parameter(_ value: String) -> String {
        if !value.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0x22 || $0 == 0x3A || $0 == 0x3B || $0 == 0x2C }) {
            return value
        }
        let safe = String(String.UnicodeScalarView(value.unicodeScalars.filter { $0 != "\"" && $0.value >= 0x20 && $0.value != 0x7F }))
        return safe.contains(where: { $0 == ":" || $0 == ";" || $0 == "," }) ? "\"\(safe)\"" : safe
    }
}

/// Content lines (§3.1): folded so no line is longer than 75 octets, never inside a UTF-8
/// sequence, continued with a single space, each ended by CRLF.
enum ICalendarFolding {
    static let limit = 75

    static func append(_ bytes: [UInt8], to output: inout [UInt8]) {
        var start = 0
        var first = true
        while start < bytes.count || first {
            let room = first ? limit : limit - 1
            var end = min(bytes.count, start + room)
            while end < bytes.count, end > start, bytes[end] & 0xC0 == 0x80 { end -= 1 }
            if !first { output.append(0x20) }
            output.append(contentsOf: bytes[start..<end])
            output += [0x0D, 0x0A]
            start = end
            first = false
        }
    }
}
