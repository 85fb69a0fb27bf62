/// Big-endian reading from a byte array, with a position for error messages.
struct ByteReader {
    private let bytes: [UInt8]
    private(set) var position = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func byte() throws -> UInt8 {
        guard position < bytes.count else { throw TZifError(.truncated, at: position) }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func bytes(_ count: Int) throws -> ArraySlice<UInt8> {
        guard count <= bytes.count - position else { throw TZifError(.truncated, at: position) }
        defer { position += count }
        return bytes[position..<position + count]
    }

    mutating func skip(_ count: Int) throws {
        _ = try bytes(count)
    }

    mutating func int32() throws -> Int32 {
        var value: UInt32 = 0
        for byte in try bytes(4) { value = value << 8 | UInt32(byte) }
        return Int32(bitPattern: value)
    }

    mutating func int64() throws -> Int64 {
        var value: UInt64 = 0
        for byte in try bytes(8) { value = value << 8 | UInt64(byte) }
        return Int64(bitPattern: value)
    }
}
