/// A problem found while reading the store that did not stop it: a warning (counts for `--strict`)
/// or a notice (something ignored on purpose, such as an unknown record type).
public struct StoreDiagnostic: Equatable, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable {
        case warning
        case notice
    }

    public var severity: Severity
    /// The source the problem was found in.
    public var file: String
    /// One sentence naming the record and the field, with the user's value in quotes.
    public var message: String

    public init(_ severity: Severity, file: String, _ message: String) {
        self.severity = severity
        self.file = file
        self.message = message
    }

    /// `FILE: MESSAGE`, the form the command line prints after `aemtli: warning: `.
    public var description: String { "\(file): \(message)" }
}
