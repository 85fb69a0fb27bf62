/// How wide text is in a terminal, by character: emoji and East Asian wide letters take two
/// columns, everything else one. Shortening never splits a character (an emoji or a letter with
/// its combining accents).
enum TextWidth {
    static func of(_ text: String) -> Int {
        text.reduce(0) { $0 + width(of: $1) }
    }

    static func width(of character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        if scalar.properties.isEmojiPresentation || character.unicodeScalars.contains("\u{FE0F}") { return 2 }
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6,
            0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }

    /// `text` cut to at most `width` columns, ending in "…" when cut.
    static func shorten(_ text: String, to width: Int) -> String {
        guard of(text) > width else { return text }
        var result = ""
        var used = 0
        for character in text {
            let next = self.width(of: character)
            if used + next > width - 1 { break }
            result.append(character)
            used += next
        }
        return result + "…"
    }

    /// `text` padded with spaces to `width` columns.
    static func pad(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - of(text)))
    }
}
