import JSON

/// A setting that cannot be used, from the configuration file, a flag or the environment.
public struct ConfigurationError: Error, Equatable {
    public enum Reason: Equatable {
        case invalidJSON(JSONError)
        case notAnObject
        case wrongType(key: String, expected: String, found: String)
        /// A value that is not one of a setting's few choices, with the one it most likely meant.
        case notAChoice(key: String, choices: [String], found: String, suggestion: String?)
        /// A key that is not one aemtli knows but within one edit of one (SPEC §7): its setting
        /// would otherwise be lost without a word ("timezone": every time an hour off).
        case slipForKnownKey(key: String, known: String)
        case unknownTimeZone(String, suggestion: String?)
        case invalidSourceDateEpoch(String)
        case sourceDateEpochOutOfRange(String)
        case invalidBaseURL(String)
        /// A flag's value that does not parse; `expectation` says what to write instead. A usage
        /// error: the command line follows it with the command's usage.
        case invalidFlag(option: String, value: String, expectation: String)
    }

    public var reason: Reason
    /// Where the setting came from: the configuration file's name and key, `SOURCE_DATE_EPOCH`, or
    /// the flag (`--now`).
    public var source: String

    public init(_ reason: Reason, source: String) {
        self.reason = reason
        self.source = source
    }

    public var message: String {
        switch reason {
        case .invalidJSON(let error):
            return
                "\(source):\(error.line):\(error.column): the configuration is not valid JSON: \(error); fix the file."
        case .notAnObject:
            return
                "\(source): the configuration should be a JSON object of settings, like {\"timeZone\": \"Europe/Zurich\"}."
        case .wrongType(let key, let expected, let found):
            return "\(source): \"\(key)\" should be \(expected), but is \"\(found)\"."
        case .notAChoice(let key, let choices, let found, let suggestion):
            let hint = suggestion.map { "; did you mean \"\($0)\"?" } ?? "."
            return
                "\(source): \"\(key)\" should be one of \(choices.joined(separator: ", ")), but is \"\(found)\"\(hint)"
        case .slipForKnownKey(let key, let known):
            return
                "\(source): \"\(key)\" is not a setting aemtli knows but looks like a slip for \"\(known)\", so the file is not used; spell it \"\(known)\"."
        case .unknownTimeZone(let name, let suggestion):
            let hint = suggestion.map { "; did you mean \"\($0)\"?" } ?? "; use an IANA name such as \"Europe/Zurich\"."
            return "\(source): \"\(name)\" is not a known time zone\(hint)"
        case .invalidBaseURL(let value):
            return
                "\(source): \"\(value)\" is not an http or https address; write the site's public address, like https://example.org/chores."
        case .sourceDateEpochOutOfRange(let value):
            return "\(source): \"\(value)\" lies outside the years 1900 to 2999; unset it or fix it."
        case .invalidSourceDateEpoch(let value):
            return "\(source): \"\(value)\" is not a whole number of seconds since 1970; unset it or fix it."
        case .invalidFlag(let option, let value, let expectation):
            return "'\(value)' is not a valid value for '--\(option)'; \(expectation)."
        }
    }
}
