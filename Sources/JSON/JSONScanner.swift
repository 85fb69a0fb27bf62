/// The byte-level machinery behind `JSONParser`: one cursor over an unsafe buffer.
struct JSONScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { index >= bytes.count }

    mutating func skipByteOrderMark() {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    mutating func parseValue(depth: Int) throws -> JSONValue {
        guard index < bytes.count else { throw error(.unexpectedEnd) }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw error(.unexpectedCharacter(currentCharacter, expected: "a value"))
        }
    }

    private mutating func parseObject(depth: Int) throws -> JSONValue {
        guard depth <= JSONParser.maximumDepth else { throw error(.nestingTooDeep(limit: JSONParser.maximumDepth)) }
        index += 1
        var members: [JSONObject.Member] = []
        skipWhitespace()
        if try peek() == UInt8(ascii: "}") {
            index += 1
            return .object(JSONObject(members: members))
        }
        while true {
            skipWhitespace()
            guard try peek() == UInt8(ascii: "\"") else {
                throw error(.unexpectedCharacter(currentCharacter, expected: "a member name in double quotes"))
            }
            let key = try parseString()
            skipWhitespace()
            guard try peek() == UInt8(ascii: ":") else {
                throw error(.unexpectedCharacter(currentCharacter, expected: "':' after a member name"))
            }
            index += 1
            skipWhitespace()
            members.append(JSONObject.Member(key: key, value: try parseValue(depth: depth)))
            skipWhitespace()
            switch try peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                return .object(JSONObject(members: members))
            default: throw error(.unexpectedCharacter(currentCharacter, expected: "',' or '}' after an object member"))
            }
        }
    }

    private mutating func parseArray(depth: Int) throws -> JSONValue {
        guard depth <= JSONParser.maximumDepth else { throw error(.nestingTooDeep(limit: JSONParser.maximumDepth)) }
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if try peek() == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue(depth: depth))
            skipWhitespace()
            switch try peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                return .array(elements)
            default: throw error(.unexpectedCharacter(currentCharacter, expected: "',' or ']' after an array element"))
            }
        }
    }

    private mutating func parseString() throws -> String {
        index += 1
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { return try parseEscapedString(from: start) }
            if byte < 0x20 { throw error(.controlCharacterInString) }
            index += 1
        }
        throw error(.unexpectedEnd)
    }

    private mutating func parseEscapedString(from start: Int) throws -> String {
        var utf8 = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try appendEscape(to: &utf8)
            case 0..<0x20:
                throw error(.controlCharacterInString)
            default:
                utf8.append(byte)
                index += 1
            }
        }
        throw error(.unexpectedEnd)
    }

    private mutating func appendEscape(to utf8: inout [UInt8]) throws {
        let escapeStart = index
        index += 1
        guard index < bytes.count else { throw error(.unexpectedEnd) }
        let simple: UInt8?
        switch bytes[index] {
        case UInt8(ascii: "\""): simple = 0x22
        case UInt8(ascii: "\\"): simple = 0x5C
        case UInt8(ascii: "/"): simple = 0x2F
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"): simple = nil
        default:
            index = escapeStart
            throw error(.invalidEscape("\\" + characterAfter(escapeStart + 1)))
        }
        if let simple {
            utf8.append(simple)
            index += 1
            return
        }
        index += 1
        var scalar = try readHexQuad(escapeStart: escapeStart)
        if (0xD800..<0xDC00).contains(scalar),
            index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
        {
            let lowStart = index
            index += 2
            let low = try readHexQuad(escapeStart: lowStart)
            if (0xDC00..<0xE000).contains(low) {
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else {
                index = lowStart  // a lone high surrogate, then an unrelated escape: read that one next
            }
        }
        let character = Unicode.Scalar(scalar) ?? "\u{FFFD}"  // lone surrogates become U+FFFD
        utf8.append(contentsOf: String(character).utf8)
    }

    private mutating func readHexQuad(escapeStart: Int) throws -> UInt32 {
        guard index + 4 <= bytes.count else { throw error(.unexpectedEnd) }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default:
                let text = String(
                    decoding: UnsafeBufferPointer(rebasing: bytes[escapeStart..<min(escapeStart + 6, bytes.count)]),
                    as: UTF8.self)
                index = escapeStart
                throw error(.invalidEscape(text))
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private mutating func parseNumber() throws -> JSONValue {
        let start = index
        var isInteger = true
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let digitsStart = index
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        let integerDigits = index - digitsStart
        var valid = integerDigits > 0 && !(integerDigits > 1 && bytes[digitsStart] == UInt8(ascii: "0"))
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            let fractionStart = index
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            valid = valid && index > fractionStart
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            let exponentStart = index
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            valid = valid && index > exponentStart
        }
        // Most numbers are whole and short (every timestamp of a store or a journal): added up
        // digit by digit, without a string; 18 digits cannot overflow.
        if valid, isInteger, integerDigits <= 18 {
            var value: Int64 = 0
            for byte in bytes[digitsStart..<index] { value = value * 10 + Int64(byte - UInt8(ascii: "0")) }
            return .integer(digitsStart > start ? -value : value)
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard valid else {
            index = start
            throw error(.invalidNumber(text))
        }
        if isInteger, let exact = Int64(text) { return .integer(exact) }
        guard let double = Double(text), double.isFinite else {
            index = start
            throw error(.invalidNumber(text))
        }
        return .double(double)
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func expectLiteral(_ literal: StaticString) throws {
        let count = literal.utf8CodeUnitCount
        let matches =
            index + count <= bytes.count && (0..<count).allSatisfy { bytes[index + $0] == literal.utf8Start[$0] }
        guard matches else { throw error(.unexpectedCharacter(currentCharacter, expected: "a value")) }
        index += count
    }

    private func peek() throws -> UInt8 {
        guard index < bytes.count else { throw error(.unexpectedEnd) }
        return bytes[index]
    }

    /// The whole character at the cursor (a multi-byte UTF-8 sequence stays whole).
    var currentCharacter: String { characterAfter(index) }

    private func characterAfter(_ position: Int) -> String {
        guard position < bytes.count else { return "" }
        var end = position + 1
        while end < bytes.count, end - position < 4, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[position..<end]), as: UTF8.self)
    }

    /// An error at the cursor, with its line and column counted from the start.
    func error(_ reason: JSONError.Reason) -> JSONError {
        var line = 1
        var column = 1
        var position = 0
        let end = min(index, bytes.count)
        while position < end {
            let byte = bytes[position]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            position += 1
        }
        return JSONError(reason: reason, line: line, column: column)
    }
}
