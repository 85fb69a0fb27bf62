/// Text from a server or a user made safe for a one-line message: control characters (and the
/// line and paragraph separators) shown as `\u{…}` escapes, and long text cut short.
public enum VisibleText {
    public static func quote(_ text: String, limit: Int = 200) -> String {
        var result = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count >= limit {
                result += "…"
                break
            }
            let value = scalar.value
            if value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029 {
                result += "\\u{" + String(value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
            count += 1
        }
        return result
    }
}
