/// A piece of template source: text (never spanning a line break) or one tag.
struct MustacheToken {
    enum Kind: Equatable {
        case text
        case variable
        case unescaped
        case sectionOpen
        case invertedOpen
        case close
        case partial
        case parentOpen
        case blockOpen
        case comment
        case delimiters

        /// Tags that may stand alone on a line and then take the line with them.
        var canStandAlone: Bool {
            switch self {
            case .text, .variable, .unescaped: return false
            default: return true
            }
        }
    }

    var kind: Kind
    /// The token's bytes in the source: the text, or the whole tag with its delimiters.
    var range: Range<Int>
    /// The tag's content without sigil and padding; empty for text.
    var name: String
    /// Where a tag starts (line 0 for text, which needs no place).
    var position = MustachePosition(line: 0, column: 0)
}
