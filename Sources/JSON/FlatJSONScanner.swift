#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A quick reading of the commonest line of a JSON-lines file: one object whose members are all
/// strings without escapes or control characters, integers of at most 18 digits, booleans or
/// null. It builds no values: members come back as byte ranges of the line, so a reader of a
/// large file pays for none of the members it skips.
///
/// Anything else (escapes, fractions, exponents, nesting, a byte order mark, an error) makes it
/// answer false, and the caller reads that line with `JSONParser`, which also says what is wrong.
/// Whenever it answers true, `JSONParser` reads the same line as an object with the same members:
/// each string is `String(decoding:as: UTF8.self)` of its range, as the parser decodes it.
public enum FlatJSONScanner {
    public enum Value: Equatable, Sendable {
        /// The bytes between the quotes.
        case string(Range<Int>)
        case integer(Int64)
        case bool(Bool)
        case null
    }

    public struct Member: Equatable, Sendable {
        /// The bytes of the name between its quotes.
        public let key: Range<Int>
        public let value: Value
    }

    /// Reads `bytes` as a flat object, replacing `members` with its members in document order;
    /// false when the bytes are not such an object (then `members` holds no meaning).
    public static func scan(_ bytes: UnsafeBufferPointer<UInt8>, into members: inout [Member]) -> Bool {
        members.removeAll(keepingCapacity: true)
        var index = skipSpace(bytes, 0)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return false }
        index = skipSpace(bytes, index + 1)
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            return skipSpace(bytes, index + 1) == bytes.count
        }
        while true {
            guard let key = string(bytes, &index) else { return false }
            index = skipSpace(bytes, index)
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return false }
            index = skipSpace(bytes, index + 1)
            guard let value = value(bytes, &index) else { return false }
            members.append(Member(key: key, value: value))
            index = skipSpace(bytes, index)
            guard index < bytes.count else { return false }
            switch bytes[index] {
            case UInt8(ascii: ","): index = skipSpace(bytes, index + 1)
            case UInt8(ascii: "}"): return skipSpace(bytes, index + 1) == bytes.count
            default: return false
            }
        }
    }

    private static func skipSpace(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int) -> Int {
        var index = start
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D {
            index += 1
        }
        return index
    }

    /// The bytes between the quotes of a string starting at `index`'s quote, without escapes or
    /// control characters, `index` moved past the closing quote; nil for anything else. A reader
    /// of a fixed line shape can match its punctuation itself and read its values with this and
    /// `integer`, which read them as `scan` does.
    public static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> Range<Int>? {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
        let start = index + 1
        var end = start
        // Eight bytes at a time: the lowest byte the word test marks is the first quote, backslash
        // or control character in the word (marks above it may be false), so it is the one to judge.
        let raw = UnsafeRawBufferPointer(bytes)
        while end + 8 <= bytes.count {
            let marks = specialBytes(raw.loadUnaligned(fromByteOffset: end, as: UInt64.self).littleEndian)
            guard marks != 0 else {
                end += 8
                continue
            }
            end += marks.trailingZeroBitCount / 8
            guard bytes[end] == UInt8(ascii: "\"") else { return nil }
            index = end + 1
            return start..<end
        }
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") {
                index = end + 1
                return start..<end
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
            end += 1
        }
        return nil
    }

    /// The high bit of each byte of `word` (least significant byte first) that may be `"`, `\\`
    /// or below 0x20: the classic test for a zero byte, `(x - 0x01…) & ~x & 0x80…`, on the word
    /// and on its XOR with each special byte. A borrow can mark bytes above a true one, never
    /// below it, so the lowest mark is exact.
    private static func specialBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let control = (word &- ones &* 0x20) & ~word
        return ((quote &- ones) & ~quote | (backslash &- ones) & ~backslash | control) & highs
    }

    private static func value(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> Value? {
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "\""): return string(bytes, &index).map(Value.string)
        case UInt8(ascii: "t"): return literal("true", bytes, &index) ? .bool(true) : nil
        case UInt8(ascii: "f"): return literal("false", bytes, &index) ? .bool(false) : nil
        case UInt8(ascii: "n"): return literal("null", bytes, &index) ? .null : nil
        default: return integer(bytes, &index).map(Value.integer)
        }
    }

    /// Whether `word` stands at `index`, moving `index` past it. Inlined, the word's length is a
    /// constant, so that a reader matching a fixed line shape pays no call per piece of punctuation.
    @inlinable @inline(__always)
    public static func literal(_ word: StaticString, _ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> Bool {
        let count = word.utf8CodeUnitCount
        guard bytes.count - index >= count, let base = bytes.baseAddress, memcmp(base + index, word.utf8Start, count) == 0 else { return false }
        index += count
        return true
    }

    /// `-?(0|[1-9][0-9]*)` of at most 18 digits starting at `index`, not followed by a fraction
    /// or an exponent, `index` moved past it; nil for anything else.
    public static func integer(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> Int64? {
        guard index < bytes.count else { return nil }
        var end = index
        let negative = bytes[end] == UInt8(ascii: "-")
        if negative { end += 1 }
        let digitsStart = end
        // Wrapping arithmetic: 18 digits stay below Int64.max, so an overflow check per digit would
        // only cost time; a 19th digit is read, then refused below.
        let limit = min(bytes.count, digitsStart + 19)
        var magnitude: Int64 = 0
        while end < limit {
            let digit = bytes[end] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            magnitude = magnitude &* 10 &+ Int64(digit)
            end += 1
        }
        guard end > digitsStart, end - digitsStart <= 18, !(end - digitsStart > 1 && bytes[digitsStart] == UInt8(ascii: "0")) else { return nil }
        if end < bytes.count, bytes[end] == UInt8(ascii: ".") || bytes[end] == UInt8(ascii: "e") || bytes[end] == UInt8(ascii: "E") {
            return nil
        }
        index = end
        return negative ? -magnitude : magnitude
    }
}
