/// Why a text is not JSON, and where: 1-based line and column (columns count characters).
public struct JSONError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Reason: Equatable, Sendable {
        case unexpectedEnd
        case unexpectedCharacter(String, expected: String)
        case invalidNumber(String)
        case invalidEscape(String)
        case controlCharacterInString
        case nestingTooDeep(limit: Int)
        case trailingContent(String)
    }

    public var reason: Reason
    public var line: Int
    public var column: Int

    public init(reason: Reason, line: Int, column: Int) {
        self.reason = reason
        self.line = line
        self.column = column
    }

    /// The reason as a phrase, without the place.
    public var description: String {
        switch reason {
        case .unexpectedEnd:
            return "the text ends before the JSON value is complete"
        case .unexpectedCharacter(let found, let expected):
            return "expected \(expected) but found '\(found)'"
        case .invalidNumber(let text):
            return "'\(text)' is not a valid number"
        case .invalidEscape(let text):
            return "'\(text)' is not a valid escape in a string"
        case .controlCharacterInString:
            return "a string holds a raw control character (line break or tab) that must be escaped"
        case .nestingTooDeep(let limit):
            return "arrays and objects are nested deeper than \(limit) levels"
        case .trailingContent(let found):
            return "expected the end of the text after the JSON value but found '\(found)'"
        }
    }
}
