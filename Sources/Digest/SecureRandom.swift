/// The one maker of what must not be guessed: a paired device's cookie, a pairing code, a private
/// feed's token, the salts kept beside hashes. Bytes come from the system's secure random source
/// (`SystemRandomNumberGenerator`: getrandom on Linux, arc4random_buf on macOS), never from a
/// seeded generator, and are spelled by `ByteText`.
public enum SecureRandom {
    public static func bytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }

    /// `count` random bytes as lowercase hex: a token for a file name.
    public static func hex(bytes count: Int) -> String {
        ByteText.hex(bytes(count))
    }

    /// `count` random bytes as base64url: a token for a cookie.
    public static func base64URL(bytes count: Int) -> String {
        ByteText.base64URL(bytes(count))
    }

    /// `count` decimal digits, each of the ten as likely as the others: a code a person types.
    public static func digits(_ count: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return String(
            decoding: (0..<count).map { _ in UInt8.random(in: 0x30...0x39, using: &generator) }, as: UTF8.self)
    }
}
