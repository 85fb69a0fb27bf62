extension JournalDigest {
    /// The digest of one block, or of the blocks' digests: sixteen bytes at a time through two
    /// multiply-rotate lanes, the bytes of a piece that do not fill sixteen kept for the next.
    struct Lanes: Sendable {
        private var first: UInt64 = 0x243F_6A88_85A3_08D3
        private var second: UInt64 = 0x1319_8A2E_0370_7344
        /// The bytes not yet in a lane, first byte lowest, and how many.
        private var pending: (UInt64, UInt64) = (0, 0)
        private var pendingCount = 0
        /// How many bytes have been added.
        private(set) var count = 0

        mutating func add(_ raw: UnsafeRawBufferPointer) {
            count += raw.count
            var index = 0
            while pendingCount > 0, index < raw.count {
                take(raw[index])
                index += 1
            }
            while index + 16 <= raw.count {
                lanes(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)),
                      UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self)))
                index += 16
            }
            while index < raw.count {
                take(raw[index])
                index += 1
            }
        }

        /// Adds a digest as sixteen bytes.
        mutating func fold(_ value: Value) {
            precondition(pendingCount == 0, "digests are folded into lanes that take whole sixteen bytes")
            count += 16
            lanes(value.first, value.second)
        }

        /// The lanes, the bytes not yet in them and the count, mixed so that every bit of them
        /// reaches every bit of the value.
        var value: Value {
            var (first, second) = (self.first, self.second)
            for word in [pending.0, pending.1, UInt64(pendingCount), UInt64(count)] {
                first = (first ^ word &* 0x87C3_7B91_1142_53D5).rotated(31) &* 0x4CF5_AD43_2745_937F &+ 0x52DC_E729
                second = (second &+ word).rotated(27) &* 0x9E37_79B1_85EB_CA87 ^ first
            }
            return Value(first: BitMixing.avalanche(first ^ second >> 1), second: BitMixing.avalanche(second &+ first))
        }

        private mutating func take(_ byte: UInt8) {
            let shifted = UInt64(byte) << (8 * UInt64(pendingCount % 8))
            if pendingCount < 8 { pending.0 |= shifted } else { pending.1 |= shifted }
            pendingCount += 1
            guard pendingCount == 16 else { return }
            lanes(pending.0, pending.1)
            pending = (0, 0)
            pendingCount = 0
        }

        private mutating func lanes(_ low: UInt64, _ high: UInt64) {
            first = (first ^ low &* 0x87C3_7B91_1142_53D5).rotated(31) &* 0x4CF5_AD43_2745_937F
            second = (second ^ high &* 0x4CF5_AD43_2745_937F).rotated(33) &* 0x87C3_7B91_1142_53D5
        }
    }
}

private extension UInt64 {
    func rotated(_ count: UInt64) -> UInt64 { self << count | self >> (64 - count) }
}
