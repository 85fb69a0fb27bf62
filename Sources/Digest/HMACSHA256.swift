/// HMAC with SHA-256 (RFC 2104): a keyed hash. Keyed once, it keeps the hashes of the key's inner
/// and outer blocks, so each message after costs two short hashes (PBKDF2 makes many).
public struct HMACSHA256: Sendable {
    private let inner: SHA256
    private let outer: SHA256

    public init(key: [UInt8]) {
        var block = key.count > SHA256.blockSize ? SHA256.digest(key) : key
        block += [UInt8](repeating: 0, count: SHA256.blockSize - block.count)
        var inner = SHA256()
        inner.update(block.map { $0 ^ 0x36 })
        var outer = SHA256()
        outer.update(block.map { $0 ^ 0x5c })
        self.inner = inner
        self.outer = outer
    }

    public func authenticate(_ message: [UInt8]) -> [UInt8] {
        var inner = self.inner
        inner.update(message)
        var outer = self.outer
        outer.update(inner.finish())
        return outer.finish()
    }

    /// Whether two codes are equal, taking as long for a near miss as for a far one: a caller
    /// comparing a secret's hash must not tell by its timing how much of it was right.
    public static func equalInConstantTime(_ first: [UInt8], _ second: [UInt8]) -> Bool {
        guard first.count == second.count else { return false }
        var difference: UInt8 = 0
        for index in first.indices { difference |= first[index] ^ second[index] }
        return difference == 0
    }
}
