/// What the user passed to one command, checked against its declared options and arguments.
public struct ParsedArguments: Equatable {
    var values: [String: String] = [:]
    var flags: Set<String> = []
    public var positionals: [String] = []
    var helpRequested = false

    public func value(_ option: OptionSpec) -> String? {
        values[option.name]
    }

    public func isSet(_ option: OptionSpec) -> Bool {
        flags.contains(option.name)
    }
}
