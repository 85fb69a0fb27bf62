import AemtliApp
import AemtliCore

/// How an option whose value is one of a few choices finds the one a wrong value meant.
public enum ChoiceHint: Equatable, Sendable {
    /// The choice a few edits away ("htm" for "html").
    case spelling
    /// The language code from a language's name or region ("french", "fr-CH" for "fr"): two-letter
    /// codes are all within two edits of each other, so spelling would suggest noise ("en" for "es").
    case languageName

    func suggestion(for value: String, among choices: [String]) -> String? {
        switch self {
        case .spelling: return Suggestion.closest(to: value, among: choices)
        case .languageName: return Language.named(value).map(\.rawValue)
        }
    }
}
