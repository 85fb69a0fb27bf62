/// A command or a group of subcommands, declared as data: its help, its options and what it runs.
public struct CommandSpec {
    public typealias Handler = (inout Invocation) throws -> ExitCode

    public var name: String
    public var abstract: String
    public var discussion: String?
    public var options: [OptionSpec]
    public var arguments: [ArgumentSpec]
    public var subcommands: [CommandSpec]
    public var handler: Handler?

    public init(
        _ name: String, abstract: String, discussion: String? = nil, options: [OptionSpec] = [],
        arguments: [ArgumentSpec] = [], subcommands: [CommandSpec] = [], handler: Handler? = nil
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.options = options
        self.arguments = arguments
        self.subcommands = subcommands
        self.handler = handler
    }

    func option(named name: String) -> OptionSpec? {
        options.first { $0.name == name }
    }

    func subcommand(named name: String) -> CommandSpec? {
        subcommands.first { $0.name == name }
    }

    /// This command and every command below it, each with the words that lead to it from here,
    /// depth first in the order of the table: what the manual page and the completions list.
    var commandTree: [(path: [String], command: CommandSpec)] {
        [([], self)]
            + subcommands.flatMap { child in child.commandTree.map { ([child.name] + $0.path, $0.command) } }
    }
}
