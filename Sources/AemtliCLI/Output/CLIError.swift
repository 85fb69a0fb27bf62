import AemtliApp

/// A command that cannot run as asked: wrong words on the command line. What goes wrong in the
/// application below it has its own error types (`FileError`, `ConfigurationError`, …).
public struct CLIError: Error, Equatable {
    public enum Reason: Equatable {
        case unknownCommand(String, suggestion: String?)
        case unknownOption(String, suggestion: String?)
        case missingValue(String)
        case flagTakesNoValue(String)
        /// A flag's value that does not parse; `expectation` says what to write instead.
        case invalidValue(option: String, value: String, expectation: String)
        case missingArgument(String)
        /// A required option is not there; `why` says what it is for.
        case missingOption(String, why: String)
        case unexpectedArgument(String)
        case invalidRange(from: String, to: String)
        case unknownMember(String, known: [String], suggestion: String?)
        /// `serve --listen` with a value that is not HOST:PORT, most often a port alone.
        case invalidListenAddress(String)
        /// `serve pin` for a member who is not a parent: only a parent's PIN lets the wall tick.
        case notAParent(slug: String)
        /// What `serve pin` read is no PIN; the flaw names what is wrong, never the text (a secret).
        case notAPIN(PINRule.Flaw)
        /// `serve pin` on a terminal read two PINs that differ: a typo behind the dots would lock
        /// the parent out, so nothing is set.
        case pinsDiffer(slug: String)
    }

    public var reason: Reason
    /// The command the error belongs to, for its usage line (`["check"]`, `["template", "render"]`).
    public var path: [String]

    public init(_ reason: Reason, path: [String] = []) {
        self.reason = reason
        self.path = path
    }

    /// Every one is a usage error (64).
    public var exitCode: ExitCode { .usage }

    /// Usage errors are followed by the command's usage line and a hint; not a listen address,
    /// where the sentence already shows what to write and serve's usage line is a screenful.
    public var showsUsage: Bool {
        if case .invalidListenAddress = reason { return false }
        return exitCode == .usage
    }

    public var message: String {
        switch reason {
        case .unknownCommand(let name, let suggestion):
            return "unknown command '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ".")
        case .unknownOption(let name, let suggestion):
            return "unknown option '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ".")
        case .missingValue(let synopsis):
            return "the option '\(synopsis)' needs a value."
        case .flagTakesNoValue(let name):
            return "the flag '--\(name)' takes no value."
        case .invalidValue(let option, let value, let expectation):
            return "'\(value)' is not a valid value for '--\(option)'; \(expectation)."
        case .missingOption(let synopsis, let why):
            return "the option '\(synopsis)' is required; \(why)."
        case .missingArgument(let name):
            return "missing the argument <\(name)>."
        case .unexpectedArgument(let value):
            return "unexpected argument '\(value)'."
        case .invalidRange(let from, let to):
            return
                "the range \(from) to \(to) is empty; --to is the day after the last one shown, so it must come after --from."
        case .unknownMember(let slug, let known, let suggestion):
            let hint =
                suggestion.map { "; did you mean '\($0)'?" }
                ?? (known.isEmpty
                    ? "; the family has no members." : "; the members are \(known.joined(separator: ", ")).")
            return "no member has the slug '\(slug)'\(hint)"
        case .invalidListenAddress(let value):
            // A port alone (or after a colon) is the commonest slip: show it with the two hosts
            // a family chooses between.
            let port = value.hasPrefix(":") ? String(value.dropFirst()) : value
            let example =
                UInt16(port).map { "127.0.0.1:\($0) (this machine only) or 0.0.0.0:\($0) (a tablet too)" }
                ?? "127.0.0.1:8080 or [::1]:8080"
            return "'\(value)' is not a valid value for '--listen'; write HOST:PORT, like \(example)."
        case .notAParent(let slug):
            return "the member '\(slug)' is not a parent in the store; only a parent has a PIN for ticking on the wall."
        case .notAPIN(let flaw):
            return Self.describe(flaw, of: "the PIN read from standard input")
        case .pinsDiffer(let slug):
            return
                "the two PINs typed differ, so nothing was set; run 'aemtli serve pin --member \(slug)' again and type the same digits twice."
        }
    }

    /// What is wrong with a text that should be a PIN, in one sentence that never repeats it.
    private static func describe(_ flaw: PINRule.Flaw, of place: String) -> String {
        let rule = "a PIN is 4 to 8 of the digits 0-9 and nothing else, so nothing was set."
        switch flaw {
        case .empty: return "\(place) is empty; type 4 to 8 digits (0-9), then Enter."
        case .tooFew(let count), .tooMany(let count): return "\(place) has \(count) digits; \(rule)"
        case .notADigit(let kind):
            let what: String
            switch kind {
            case .space: what = "a space"
            case .lineBreak: what = "a line break"
            case .control: what = "an invisible control character"
            case .otherDigit: what = "a digit other than 0-9 (full-width or of another script)"
            case .letter: what = "a letter"
            case .sign: what = "a sign that is not a digit"
            }
            return "\(place) holds \(what); \(rule)"
        }
    }
}
