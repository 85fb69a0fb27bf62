import AemtliCore

/// A 128-bit digest of everything a build's output depends on: the store's bytes, the settings,
/// the template overrides, the feed tokens and the program itself. Two builds with the same
/// fingerprint write the same bytes (outputs are reproducible), so a rebuild whose fingerprint
/// matches the last one's can leave the site as it is.
///
/// It tells changes apart, not adversaries: it is not a cryptographic hash. Each part is added
/// with its length first, so `["ab", "c"]` and `["a", "bc"]` differ; the lanes meet in `mix`
/// after each part and in the final avalanche.
struct InputFingerprint: Equatable {
    private var first: UInt64 = 0x9E37_79B9_7F4A_7C15
    private var second: UInt64 = 0xC2B2_AE3D_27D4_EB4F

    mutating func add(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { add(raw: $0) }
    }

    mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { add(raw: UnsafeRawBufferPointer($0)) }
    }

    mutating func add(_ number: UInt64) {
        mix(number)
        mix(0x0100_0000_0000_0008)
    }

    /// Sixteen bytes at a time, eight through each of two multiply-rotate lanes; the tail padded
    /// with zeros.
    mutating func add(raw buffer: UnsafeRawBufferPointer) {
        mix(UInt64(buffer.count))
        var offset = 0
        while offset + 16 <= buffer.count {
            first =
                rotate(
                    first ^ (buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self) &* 0x87C3_7B91_1142_53D5), 31
                ) &* 0x4CF5_AD43_2745_937F
            second =
                rotate(
                    second
                        ^ (buffer.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self) &* 0x4CF5_AD43_2745_937F),
                    33) &* 0x87C3_7B91_1142_53D5
            offset += 16
        }
        var tail: (UInt64, UInt64) = (0, 0)
        for index in offset..<buffer.count {
            let shifted = UInt64(buffer[index]) << (8 * UInt64((index - offset) % 8))
            if index - offset < 8 { tail.0 |= shifted } else { tail.1 |= shifted }
        }
        mix(tail.0)
        mix(tail.1)
    }

    private mutating func mix(_ word: UInt64) {
        first = rotate(first ^ (word &* 0x87C3_7B91_1142_53D5), 31) &* 0x4CF5_AD43_2745_937F &+ 0x52DC_E729
        second = rotate(second &+ word, 27) &* 0x9E37_79B1_85EB_CA87 ^ first
    }

    private func rotate(_ value: UInt64, _ count: UInt64) -> UInt64 {
        value << count | value >> (64 - count)
    }

    /// 32 hex digits, after a final avalanche so that every input bit reaches every output bit.
    var hex: String {
        [BitMixing.avalanche(first ^ second >> 1), BitMixing.avalanche(second &+ first)].map { word in
            let digits = String(word, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }.joined()
    }
}
