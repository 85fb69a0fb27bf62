/// SHA-256 (FIPS 180-4), written here so that aemtli needs no package: the wall script's hash for
/// its Content-Security-Policy, and under `HMACSHA256` and `PBKDF2` the secrets `serve` keeps
/// (device cookies, pairing codes, parent PINs). A running hash can be copied, which is what lets
/// HMAC start each of PBKDF2's many rounds from its key's two blocks instead of hashing them again.
public struct SHA256: Sendable {
    public static let blockSize = 64
    public static let digestSize = 32

    private static let initial = State(
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19)

    private static let k: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]

    /// The eight working words, as a value without a heap allocation: copying a running hash
    /// (once per PBKDF2 round) stays cheap.
    private struct State: Sendable {
        var a, b, c, d, e, f, g, h: UInt32

        init(
            _ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, _ e: UInt32, _ f: UInt32, _ g: UInt32, _ h: UInt32
        ) {
            (self.a, self.b, self.c, self.d, self.e, self.f, self.g, self.h) = (a, b, c, d, e, f, g, h)
        }
    }

    private var state = SHA256.initial
    /// Bytes not yet making a whole block (fewer than 64).
    private var pending: [UInt8] = []
    private var length: UInt64 = 0

    public init() {
        pending.reserveCapacity(Self.blockSize)
    }

    /// The digest of `message` in one call.
    public static func digest(_ message: [UInt8]) -> [UInt8] {
        var hash = SHA256()
        hash.update(message)
        return hash.finish()
    }

    /// The digest of `message` as lowercase hex digits.
    public static func hexDigest(_ message: [UInt8]) -> String {
        ByteText.hex(digest(message))
    }

    public mutating func update(_ bytes: [UInt8]) {
        length &+= UInt64(bytes.count)
        var offset = 0
        if !pending.isEmpty {
            let taken = min(Self.blockSize - pending.count, bytes.count)
            pending.append(contentsOf: bytes[0..<taken])
            offset = taken
            guard pending.count == Self.blockSize else { return }
            pending.withUnsafeBufferPointer { compress($0, at: 0) }
            pending.removeAll(keepingCapacity: true)
        }
        bytes.withUnsafeBufferPointer { buffer in
            while buffer.count - offset >= Self.blockSize {
                compress(buffer, at: offset)
                offset += Self.blockSize
            }
        }
        pending.append(contentsOf: bytes[offset...])
    }

    /// The digest of everything given; the hash itself stays as it was, so a copy can go on.
    public func finish() -> [UInt8] {
        var final = self
        let bits = length &* 8
        var tail: [UInt8] = [0x80]
        tail += [UInt8](repeating: 0, count: (Self.blockSize + 55 - pending.count) % Self.blockSize)
        for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bits >> shift)) }
        final.update(tail)
        let s = final.state
        return [s.a, s.b, s.c, s.d, s.e, s.f, s.g, s.h].flatMap { word in
            [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: word >> UInt32($0)) }
        }
    }

    private mutating func compress(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
            for t in 0..<16 {
                let i = start + t * 4
                w[t] =
                    UInt32(bytes[i]) << 24 | UInt32(bytes[i + 1]) << 16 | UInt32(bytes[i + 2]) << 8
                    | UInt32(bytes[i + 3])
            }
            for t in 16..<64 {
                let s0 = rotate(w[t - 15], 7) ^ rotate(w[t - 15], 18) ^ (w[t - 15] >> 3)
                let s1 = rotate(w[t - 2], 17) ^ rotate(w[t - 2], 19) ^ (w[t - 2] >> 10)
                w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
            }
            var v = state
            Self.k.withUnsafeBufferPointer { k in
                for t in 0..<64 {
                    let e = v.e
                    let t1 =
                        v.h &+ (rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)) &+ ((e & v.f) ^ (~e & v.g)) &+ k[t]
                        &+ w[t]
                    let a = v.a
                    let t2 = (rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)) &+ ((a & v.b) ^ (a & v.c) ^ (v.b & v.c))
                    v = State(t1 &+ t2, a, v.b, v.c, v.d &+ t1, e, v.f, v.g)
                }
            }
            state = State(
                state.a &+ v.a, state.b &+ v.b, state.c &+ v.c, state.d &+ v.d, state.e &+ v.e, state.f &+ v.f,
                state.g &+ v.g, state.h &+ v.h)
        }
    }

    @inline(__always)
    private func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 {
        value >> count | value << (32 - count)
    }
}
