import AemtliApp
import AemtliCore
import AemtliSync
import CloudKitWeb
import Foundation
import Mustache
import VisibleText

/// The `aemtli` command line: the table of commands, dispatch, help, and turning every error into
/// one `aemtli: error: …` sentence and a sysexits code.
public enum AemtliCommand {
    public static let version = Program.version

    /// What `aemtli --version` prints: the version, then the Swift that built this binary.
    public static let versionLine = "aemtli \(version) (built with Swift \(CompilerVersion.swift))"

    public static let root = CommandSpec(
        "aemtli",
        abstract: "Turn a family's chore records into a dashboard website, calendar feeds and chore charts.",
        subcommands: [
            BuildCommand.spec, ReportCommand.spec, AgendaCommand.spec, CheckCommand.spec,
            TemplateCommand.spec, DemoStoreCommand.spec, FeedTokenCommand.spec, SyncCommand.spec, HistoryCommand.spec,
            ServeCommand.spec,
            CommandSpec("help", abstract: "Show help for a subcommand.", arguments: []),
        ])

    /// Runs the process's command line and returns its exit status.
    public static func main(_ arguments: [String]) -> Int32 {
        if arguments == [TransportChild.argument] {
            return TransportChildCommand.run(environment: .process).rawValue
        }
        return run(arguments, environment: .process).rawValue
    }

    /// Runs `arguments` (without the program name) in `environment`.
    public static func run(_ arguments: [String], environment: CommandEnvironment) -> ExitCode {
        var path: [String] = []
        do {
            var command = root
            var remaining = arguments[...]
            if remaining.first == "--version" {
                environment.standardOutput.write("\(versionLine)\n")
                return .success
            }
            if let generated = try generated(for: Array(remaining)) {
                environment.standardOutput.write(generated)
                return .success
            }
            if remaining.first == "help" {
                return try showHelp(for: Array(remaining.dropFirst()), environment: environment)
            }
            while !command.subcommands.isEmpty {
                // A group that runs something itself (`aemtli sync`) takes its options here.
                if command.handler != nil, remaining.first.map({ $0.hasPrefix("-") }) ?? true { break }
                guard let word = remaining.first, !word.hasPrefix("-") else {
                    _ = try ArgumentParser(command: command, path: path).parse(Array(remaining))
                    environment.standardOutput.write(HelpFormatter(command: command, path: path).help)
                    return .success
                }
                guard let next = command.subcommand(named: word) else {
                    let names = command.subcommands.map(\.name)
                    throw CLIError(
                        .unknownCommand(word, suggestion: Suggestion.closest(to: word, among: names)), path: path)
                }
                remaining = remaining.dropFirst()
                path.append(word)
                command = next
            }
            let parsed = try ArgumentParser(command: command, path: path).parse(Array(remaining))
            if parsed.helpRequested {
                environment.standardOutput.write(HelpFormatter(command: command, path: path).help)
                return .success
            }
            var invocation = Invocation(arguments: parsed, environment: environment, path: path)
            return try command.handler?(&invocation) ?? .success
        } catch {
            return report(error, path: path, environment: environment)
        }
    }

    /// The manual page or a shell's completion script, made from `root` for `.deploy/package`:
    /// options of aemtli itself that its help leaves out, as they are for packagers.
    private static func generated(for arguments: [String]) throws -> String? {
        let option = "generate-completion-script"
        switch arguments.first {
        case "--generate-man-page":
            return ManPage(root: root, version: version).text
        case "--" + option:
            let names = CompletionScript.Shell.allCases.map(\.rawValue)
            guard let name = arguments.dropFirst().first else { throw CLIError(.missingValue("--\(option) <shell>")) }
            guard let shell = CompletionScript.Shell(rawValue: name) else {
                let expectation = Suggestion.expectation(for: name, among: names)
                throw CLIError(.invalidValue(option: option, value: name, expectation: expectation))
            }
            return CompletionScript(root: root, shell: shell).text
        default:
            return nil
        }
    }

    private static func showHelp(for words: [String], environment: CommandEnvironment) throws -> ExitCode {
        var command = root
        var path: [String] = []
        for word in words {
            guard let next = command.subcommand(named: word) else {
                let names = command.subcommands.map(\.name)
                throw CLIError(
                    .unknownCommand(word, suggestion: Suggestion.closest(to: word, among: names)), path: path)
            }
            command = next
            path.append(word)
        }
        environment.standardOutput.write(HelpFormatter(command: command, path: path).help)
        return .success
    }

    /// The one-sentence message and exit code for any error a command can throw, and the command
    /// whose usage line should follow it (for usage errors).
    static func describe(_ error: Error, path: [String]) -> (message: String, code: ExitCode, usagePath: [String]?) {
        switch error {
        case let error as CLIError:
            return (error.message, error.exitCode, error.showsUsage ? error.path : nil)
        case let error as TemplateInputError:
            return (error.message, .dataError, nil)
        case let error as HouseholdError where error.reason == .noSessionFolder:
            // Said of no command in particular: the usage that follows is aemtli's own.
            return (error.message, .usage, [])
        default:
            let code = ExitCode(for: error)
            return (ErrorSentence.of(error), code, code == .usage ? path : nil)
        }
    }

    private static func report(_ error: Error, path: [String], environment: CommandEnvironment) -> ExitCode {
        let (message, code, usagePath) = describe(error, path: path)
        var text = "\(HelpFormatter.toolName): error: \(VisibleText.visible(message))\n"
        if let usagePath, let command = command(at: usagePath) {
            let formatter = HelpFormatter(command: command, path: usagePath)
            text += "Usage: \(formatter.usage)\n\(formatter.hint)\n"
        }
        environment.standardError.write(text)
        return code
    }

    private static func command(at path: [String]) -> CommandSpec? {
        var command = root
        for word in path {
            guard let next = command.subcommand(named: word) else { return nil }
            command = next
        }
        return command
    }
}
