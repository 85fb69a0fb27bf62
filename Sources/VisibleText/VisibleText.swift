/// Outside text (record titles and names, file names, a server's `reason`) made harmless for a
/// terminal or a plain-text format: every control character (C0, DEL, C1), the line and paragraph
/// separators and the bidirectional overrides and isolates are shown as `\u{1B}`-style escapes,
/// so nothing in a record can move the cursor, clear the screen, rename the window or reorder
/// what a parent reads. The one place this rule lives; knows nothing of chores.
public enum VisibleText {
    /// `text` with every such character made visible.
    public static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = ""
        for scalar in text.unicodeScalars { append(scalar, to: &result) }
        return result
    }

    /// The same, cut to `limit` characters with "…", for quoting in a one-line message.
    public static func quote(_ text: String, limit: Int = 200) -> String {
        var result = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count >= limit {
                result += "…"
                break
            }
            append(scalar, to: &result)
            count += 1
        }
        return result
    }

    /// Whether a character must not reach a terminal as it is.
    public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    private static func append(_ scalar: Unicode.Scalar, to result: inout String) {
        if needsEscape(scalar) {
            result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        } else {
            result.unicodeScalars.append(scalar)
        }
    }
}
