/// Escaping for RFC 5545 TEXT values and parameter values.
enum ICalendarEscaping {
    /// TEXT (§3.3.11): `\` `;` `,` escaped with a backslash, any line break (CRLF, CR, LF, U+0085,
    /// U+2028, U+2029) as `\n`, other control characters (which TEXT may not hold) as spaces.
    static func text(_ value: String) -> String {
        var bytes: [UInt8] = []
        appendText(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    static func appendText(_ value: String, to output: inout [UInt8]) {
        var value = value
        value.withUTF8 { input in
            // Most text needs nothing: no backslash, semicolon, comma, control character, or lead
            // byte of a Unicode line break.
            if !input.contains(where: {
                $0 == 0x5C || $0 == 0x3B || $0 == 0x2C || $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2
            }) {
                output.append(contentsOf: input)
                return
            }
            var index = 0
            while index < input.count {
                let byte = input[index]
                index += 1
                switch byte {
                case 0x5C, 0x3B, 0x2C:
                    output.append(0x5C)
                    output.append(byte)
                case 0x0D:
                    output.append(0x5C)
                    output.append(0x6E)
                    if index < input.count, input[index] == 0x0A { index += 1 }
                case 0x0A:
                    output.append(0x5C)
                    output.append(0x6E)
                case 0x09: output.append(byte)
                case 0..<0x20, 0x7F: output.append(0x20)
                case 0xC2 where index < input.count && input[index] == 0x85:
                    index += 1
                    output.append(0x5C)
                    output.append(0x6E)
                case 0xE2
                where index + 1 < input.count && input[index] == 0x80
                    && (input[index + 1] == 0xA8 || input[index + 1] == 0xA9):
                    index += 2
                    output.append(0x5C)
                    output.append(0x6E)
                default: output.append(byte)
                }
            }
        }
    }

    /// A parameter value (§3.2): quoted when it holds `:`, `;` or `,`; a double quote or a control
    /// character, which no parameter value may hold, is dropped.
    /// A value written as it is, less any line break, which would end the property.
    static func appendRaw(_ value: String, to output: inout [UInt8]) {
        if !value.utf8.contains(where: {
            $0 == 0x0A || $0 == 0x0D || $0 == 0x0B || $0 == 0x0C || $0 == 0xC2 || $0 == 0xE2
        }) {
            output += value.utf8
        } else {
            output += value.filter { !$0.isNewline }.utf8
        }
    }

    static func appendParameter(_ value: String, to output: inout [UInt8]) {
        output += parameter(value).utf8
    }

    static func parameter(_ value: String) -> String {
        if !value.utf8.contains(where: {
            $0 < 0x20 || $0 == 0x7F || $0 == 0x22 || $0 == 0x3A || $0 == 0x3B || $0 == 0x2C
        }) {
            return value
        }
        let safe = String(
            String.UnicodeScalarView(value.unicodeScalars.filter { $0 != "\"" && $0.value >= 0x20 && $0.value != 0x7F })
        )
        return safe.contains(where: { $0 == ":" || $0 == ";" || $0 == "," }) ? "\"\(safe)\"" : safe
    }
}

/// Content lines (§3.1): folded so no line is longer than 75 octets, never inside a UTF-8
/// sequence, continued with a single space, each ended by CRLF.
enum ICalendarFolding {
    static let limit = 75

    static func append(_ bytes: [UInt8], to output: inout [UInt8]) {
        let start = output.count
        output += bytes
        endLine(startingAt: start, in: &output)
    }

    /// Folds the content line that starts at `start` and runs to the end of `output`, then ends it.
    static func endLine(startingAt start: Int, in output: inout [UInt8]) {
        guard output.count - start > limit else {
            output.append(0x0D)
            output.append(0x0A)
            return
        }
        let line = Array(output[start...])
        output.removeSubrange(start...)
        var from = 0
        var first = true
        while from < line.count {
            var end = min(line.count, from + (first ? limit : limit - 1))
            while end < line.count, end > from, line[end] & 0xC0 == 0x80 { end -= 1 }
            if !first { output.append(0x20) }
            output.append(contentsOf: line[from..<end])
            output.append(0x0D)
            output.append(0x0A)
            from = end
            first = false
        }
    }
}
