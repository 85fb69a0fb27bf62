/// PBKDF2 with HMAC-SHA-256 (RFC 8018 §5.2): a slow salted hash, for a parent's PIN, whose few
/// digits a fast hash would give away to anyone holding the file.
public enum PBKDF2 {
    /// `length` bytes derived from `password` and `salt` in `iterations` rounds (at least 1).
    public static func sha256(password: [UInt8], salt: [UInt8], iterations: Int, length: Int) -> [UInt8] {
        precondition(iterations >= 1 && length >= 1, "PBKDF2 needs at least one round and one byte")
        let mac = HMACSHA256(key: password)
        var derived: [UInt8] = []
        derived.reserveCapacity(length)
        var blockNumber: UInt32 = 1
        while derived.count < length {
            let counter = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: blockNumber >> UInt32($0)) }
            var round = mac.authenticate(salt + counter)
            var block = round
            for _ in 1..<iterations {
                round = mac.authenticate(round)
                for index in block.indices { block[index] ^= round[index] }
            }
            derived += block.prefix(length - derived.count)
            blockNumber += 1
        }
        return derived
    }
}
