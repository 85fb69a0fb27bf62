/// The languages aemtli writes in (SPEC §5): English and those of a Swiss family. German is
/// written as Switzerland writes it (no ß).
public enum Language: String, CaseIterable, Sendable {
    case en
    case de
    case fr
    case it

    /// The language a value that is not a code most likely meant, for "did you mean": the code in
    /// another case or with a region ("FR", "fr-CH", "de_CH"), or the language's name in English or
    /// in itself, or its first three letters or more ("french", "Deutsch", "ital"). Two-letter
    /// codes are all within two edits of each other, so spelling distance would suggest noise.
    public static func named(_ text: String) -> Language? {
        let lowered = text.lowercased()
        let code = lowered.prefix { $0.isLetter }
        if code.count == 2, let language = Language(rawValue: String(code)) { return language }
        guard lowered.count >= 3 else { return nil }
        let folded = lowered.replacingOccurrences(of: "ç", with: "c")
        return allCases.first { language in language.names.contains { $0.hasPrefix(folded) } }
    }

    /// The language's name in English and in itself, in lower case without accents.
    private var names: [String] {
        switch self {
        case .en: return ["english"]
        case .de: return ["german", "deutsch"]
        case .fr: return ["french", "francais"]
        case .it: return ["italian", "italiano"]
        }
    }
}
