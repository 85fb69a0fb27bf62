/// One command-line option, declared once: parsing and help text both come from it.
public struct OptionSpec: Equatable, Sendable {
    /// The long name without dashes, e.g. `store` for `--store`.
    public var name: String
    /// The value's placeholder in help (`<path>`); nil for a flag that takes no value.
    public var valueName: String?
    public var help: String
    /// Allowed values, when the option takes one of a fixed set.
    public var choices: [String]
    /// How a value that is not one of `choices` finds the one it meant.
    public var hint: ChoiceHint

    public init(
        _ name: String, value valueName: String? = nil, choices: [String] = [], hint: ChoiceHint = .spelling,
        help: String
    ) {
        self.name = name
        self.valueName = valueName
        self.help = help
        self.choices = choices
        self.hint = hint
    }

    public var isFlag: Bool { valueName == nil }

    /// `--store <path>` or `--strict`, as usage lines and help show it.
    public var synopsis: String {
        valueName.map { "--\(name) <\($0)>" } ?? "--\(name)"
    }
}

/// A positional argument of a command.
public struct ArgumentSpec: Equatable, Sendable {
    public var name: String
    public var help: String

    public init(_ name: String, help: String) {
        self.name = name
        self.help = help
    }
}
