/// Bytes spelled as text, for secrets and hashes kept in files, cookies and file names: lowercase
/// hex (two digits a byte) and base64url without padding (RFC 4648 §5), safe in a cookie, a path
/// and JSON alike.
public enum ByteText {
    private static let hexDigits = Array("0123456789abcdef".utf8)
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    public static func hex(_ bytes: [UInt8]) -> String {
        String(decoding: bytes.flatMap { [hexDigits[Int($0 >> 4)], hexDigits[Int($0 & 15)]] }, as: UTF8.self)
    }

    public static func base64URL(_ bytes: [UInt8]) -> String {
        var text: [UInt8] = []
        text.reserveCapacity((bytes.count * 4 + 2) / 3)
        var index = 0
        while index < bytes.count {
            let count = min(3, bytes.count - index)
            var group = UInt32(bytes[index]) << 16
            if count > 1 { group |= UInt32(bytes[index + 1]) << 8 }
            if count > 2 { group |= UInt32(bytes[index + 2]) }
            // Three bytes make four characters; one or two make two or three.
            for position in 0...count { text.append(alphabet[Int((group >> UInt32(18 - 6 * position)) & 63)]) }
            index += 3
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The bytes a base64url text (without padding) spells; nil for any other character or a
    /// length no bytes have (one character over a whole group).
    public static func bytes(base64URL text: String) -> [UInt8]? {
        var values: [UInt32] = []
        values.reserveCapacity(text.utf8.count)
        for character in text.utf8 {
            guard let value = alphabet.firstIndex(of: character) else { return nil }
            values.append(UInt32(value))
        }
        guard values.count % 4 != 1 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(values.count * 3 / 4)
        var index = 0
        while index < values.count {
            let count = min(4, values.count - index)
            var group: UInt32 = 0
            for position in 0..<4 {
                group = group << 6 | (position < count ? values[index + position] : 0)
            }
            for position in 0..<(count - 1) {
                bytes.append(UInt8(truncatingIfNeeded: group >> UInt32(16 - 8 * position)))
            }
            index += 4
        }
        return bytes
    }
}
