import AemtliApp

/// Parses one command's arguments against its `CommandSpec`: `--name value`, `--name=value`,
/// flags, positionals, `--` to end options, and `-h`/`--help` anywhere.
struct ArgumentParser {
    let command: CommandSpec
    let path: [String]

    func parse(_ arguments: [String]) throws -> ParsedArguments {
        var parsed = ParsedArguments()
        var remaining = arguments[...]
        var optionsEnded = false
        while let argument = remaining.popFirst() {
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            if argument == "--help" || argument == "-h" {
                parsed.helpRequested = true
                continue
            }
            var name = String(argument.drop { $0 == "-" })
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard argument.hasPrefix("--"), let option = command.option(named: name) else {
                let known = command.options.map { "--" + $0.name } + ["--help"]
                throw CLIError(
                    .unknownOption(argument, suggestion: Suggestion.closest(to: "--" + name, among: known)), path: path)
            }
            if option.isFlag {
                guard inlineValue == nil else { throw CLIError(.flagTakesNoValue(option.name), path: path) }
                parsed.flags.insert(option.name)
                continue
            }
            guard let value = inlineValue ?? remaining.popFirst() else {
                throw CLIError(.missingValue(option.synopsis), path: path)
            }
            if !option.choices.isEmpty, !option.choices.contains(value) {
                let expectation = Suggestion.expectation(
                    among: option.choices, suggestion: option.hint.suggestion(for: value, among: option.choices))
                throw CLIError(.invalidValue(option: option.name, value: value, expectation: expectation), path: path)
            }
            parsed.values[option.name] = value
        }
        if parsed.helpRequested { return parsed }
        if parsed.positionals.count > command.arguments.count {
            throw CLIError(.unexpectedArgument(parsed.positionals[command.arguments.count]), path: path)
        }
        if parsed.positionals.count < command.arguments.count {
            throw CLIError(.missingArgument(command.arguments[parsed.positionals.count].name), path: path)
        }
        return parsed
    }
}
