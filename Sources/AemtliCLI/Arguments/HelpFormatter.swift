import AemtliApp

/// Help and usage text, made from the same `CommandSpec` the parser reads, in the layout people
/// know from swift-argument-parser.
struct HelpFormatter {
    static let toolName = Program.name
    private static let labelWidth = 26

    let command: CommandSpec
    /// The subcommand names leading to `command` (empty for the root).
    let path: [String]

    var usage: String {
        let words = ([Self.toolName] + path).joined(separator: " ")
        let options = command.options.map { "[\($0.synopsis)]" }
        if !command.subcommands.isEmpty {
            // A group that also runs itself (`aemtli sync`) shows both forms.
            guard command.handler != nil else { return "\(words) <subcommand>" }
            return ([words] + options).joined(separator: " ") + "\n       \(words) <subcommand>"
        }
        let arguments = command.arguments.map { "<\($0.name)>" }
        return ([words] + arguments + options).joined(separator: " ")
    }

    var help: String {
        var lines = ["OVERVIEW: \(command.abstract)"]
        if let discussion = command.discussion { lines += ["", discussion] }
        lines += ["", "USAGE: \(usage)"]
        if !command.arguments.isEmpty {
            lines += ["", "ARGUMENTS:"]
            lines += command.arguments.map { row("<\($0.name)>", $0.help) }
        }
        lines += ["", "OPTIONS:"]
        lines += command.options.map { row($0.synopsis, $0.help) }
        lines += Self.builtInOptions(root: path.isEmpty).map { row($0.label, $0.help) }
        if !command.subcommands.isEmpty {
            lines += ["", "SUBCOMMANDS:"]
            lines += command.subcommands.map { row($0.name, $0.abstract) }
            let words = ([Self.toolName, "help"] + path).joined(separator: " ")
            lines += ["", "  See '\(words) <subcommand>' for detailed help."]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The options every command has without declaring them (and the root `--version`).
    static func builtInOptions(root: Bool) -> [(label: String, help: String)] {
        (root ? [("--version", "Show the version.")] : []) + [("-h, --help", "Show help information.")]
    }

    /// The hint after a usage error.
    var hint: String {
        "  See '\(([Self.toolName] + path).joined(separator: " ")) --help' for more information."
    }

    private func row(_ label: String, _ text: String) -> String {
        let indented = "  " + label
        if indented.count < Self.labelWidth {
            return indented + String(repeating: " ", count: Self.labelWidth - indented.count) + text
        }
        return indented + "\n" + String(repeating: " ", count: Self.labelWidth) + text
    }
}
