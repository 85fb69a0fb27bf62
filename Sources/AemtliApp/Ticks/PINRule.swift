/// What a parent's PIN is (SPEC §10): 4 to 8 of the ASCII digits 0-9 and nothing else. Not a
/// full-width or another script's digit (they look like 0-9 and hash as something else), no
/// space or line break, and no NUL: PBKDF2 pads a short password with zero bytes, so "4821\0"
/// would hash as "4821" does. The one rule for `serve pin`, the PIN check and the tick endpoint.
public enum PINRule {
    public static let digits = 4...8

    /// What makes a text no PIN. Never the text or a character of it: it may be most of a PIN.
    public enum Flaw: Equatable, Sendable {
        case empty
        /// Only digits 0-9, but fewer than 4 or more than 8 of them.
        case tooFew(Int)
        case tooMany(Int)
        /// The first character that is not one of 0-9, by its kind.
        case notADigit(Kind)
    }

    public enum Kind: Equatable, Sendable {
        case space, lineBreak, control, otherDigit, letter, sign
    }

    /// Whether `text` is a PIN: the question every place that takes one asks first.
    public static func isPIN(_ text: String) -> Bool {
        flaw(in: text) == nil
    }

    /// Why `text` is no PIN; nil when it is one. Looks at the text's Unicode scalars, so that a
    /// combining mark on a digit is a character of its own, not part of the digit.
    public static func flaw(in text: String) -> Flaw? {
        if let other = text.unicodeScalars.first(where: { !("0"..."9").contains($0) }) {
            return .notADigit(kind(of: other))
        }
        let count = text.unicodeScalars.count
        if count == 0 { return .empty }
        if count < digits.lowerBound { return .tooFew(count) }
        if count > digits.upperBound { return .tooMany(count) }
        return nil
    }

    private static func kind(of scalar: Unicode.Scalar) -> Kind {
        let properties = scalar.properties
        switch properties.generalCategory {
        case .lineSeparator, .paragraphSeparator: return .lineBreak
        case .control where scalar == "\n" || scalar == "\r" || scalar == "\u{0B}" || scalar == "\u{0C}":
            return .lineBreak
        case .control where scalar == "\t": return .space
        case .control, .format: return .control
        case .decimalNumber: return .otherDigit
        case .spaceSeparator: return .space
        default: return properties.isAlphabetic ? .letter : .sign
        }
    }
}
