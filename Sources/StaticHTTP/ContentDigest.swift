/// A 128-bit digest of a file's bytes, for its ETag. Not cryptographic, and it need not be: a tag
/// only has to change when the bytes behind one path change, and the server, not a client,
/// chooses what is hashed. Two independent 64-bit lanes over 8-byte words, each mixed by a
/// multiply and shifts, with the length folded in at the end.
enum ContentDigest {
    static func hex(of bytes: UnsafeRawBufferPointer) -> String {
        var first: UInt64 = 0x9E37_79B9_7F4A_7C15
        var second: UInt64 = 0xC2B2_AE3D_27D4_EB4F
        var index = 0
        while index + 8 <= bytes.count {
            let word = bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            first = mix((first ^ word) &* 0xFF51_AFD7_ED55_8CCD)
            second = mix((second &+ word) &* 0xC4CE_B9FE_1A85_EC53) ^ (first >> 17)
            index += 8
        }
        var tail: UInt64 = 0
        for offset in index..<bytes.count { tail |= UInt64(bytes[offset]) << (8 * UInt64(offset - index)) }
        first = mix((first ^ tail ^ UInt64(bytes.count)) &* 0xFF51_AFD7_ED55_8CCD)
        second = mix((second &+ tail &+ UInt64(bytes.count)) &* 0xC4CE_B9FE_1A85_EC53 ^ first)
        return hex16(first) + hex16(second)
    }

    private static func mix(_ value: UInt64) -> UInt64 {
        var value = value ^ (value >> 33)
        value = value &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    private static func hex16(_ value: UInt64) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }
}
