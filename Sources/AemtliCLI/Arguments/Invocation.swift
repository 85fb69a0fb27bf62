import AemtliApp
import AemtliCore
import Files
import Foundation

/// One run of one command: its parsed arguments, the environment, and the steps most commands
/// share (the household, typed option values, reading the store, printing diagnostics).
public struct Invocation {
    public var arguments: ParsedArguments
    public var environment: CommandEnvironment
    /// The subcommand names that led here, e.g. `["template", "render"]`.
    public var path: [String]

    /// Writes `text` and a line break to standard output.
    public func print(_ text: String) {
        environment.print(text)
    }

    /// Writes `aemtli: warning: TEXT` (or `notice`) to standard error, with any control character
    /// in it (from a record, a file name, a server) made visible.
    func diagnose(_ severity: StoreDiagnostic.Severity, _ text: String) {
        environment.diagnose(severity, text)
    }

    /// The option's value parsed into its type; nil when it is not given.
    func value<Value: ArgumentValue>(_ option: OptionSpec, as type: Value.Type) throws -> Value? {
        guard let text = arguments.value(option) else { return nil }
        switch Value.parse(text) {
        case .success(let value): return value
        case .failure(let problem): throw invalid(option, text, problem.expectation)
        }
    }

    /// A whole-number option within `range`; nil when it is not given.
    func number(_ option: OptionSpec, in range: ClosedRange<Int>) throws -> Int? {
        guard let text = arguments.value(option) else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw invalid(option, text, "write a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    private func invalid(_ option: OptionSpec, _ text: String, _ expectation: String) -> CLIError {
        CLIError(.invalidValue(option: option.name, value: text, expectation: expectation), path: path)
    }

    /// The settings this command's flags give over `aemtli.json`'s.
    var settingsFlags: SettingsFlags {
        var flags = SettingsFlags()
        flags.config = arguments.value(.config)
        flags.store = arguments.value(.store)
        flags.out = arguments.value(BuildCommand.out)
        flags.now = arguments.value(.now)
        flags.timeZone = arguments.value(.timeZone)
        flags.language = arguments.value(.lang).flatMap(Language.init)
        flags.baseURL = arguments.value(.baseURL)
        flags.templates = arguments.value(.templates)
        return flags
    }

    /// Where the configuration is: the file `--config` names, else `./aemtli.json`.
    var configurationPlace: FileIO.Place {
        Household.configurationPlace(settingsFlags, environment: environment)
    }

    /// The configuration, read as every command reads it (warnings said).
    func loadConfiguration() throws -> Configuration {
        try Household.loadConfiguration(settingsFlags, environment: environment)
    }

    /// The household this command works for: read and resolved once, here.
    func household() throws -> Household {
        try Household.read(settingsFlags, environment: environment)
    }

    /// The household's settings at the time it is now: the clock is read here, once per command.
    func settings(of household: Household) -> Settings {
        household.settings(at: household.now(clock: environment.clock()))
    }

    /// The household and its settings now, for the commands that need nothing else of it.
    func settings() throws -> Settings {
        settings(of: try household())
    }

    /// Reads the store the household names (or the demo family) and prints its diagnostics.
    /// Returns the result and where it came from; with `--strict` and any warning, throws unless
    /// told not to.
    func readStore(
        _ household: Household, settings: Settings, enforcingStrict: Bool = true
    ) throws -> (StoreReadResult, StoreLoader.Location) {
        let (sources, location) = try household.storeSources(settings, environment: environment)
        let result = try Household.readStore(sources, strict: false, environment: environment)
        if enforcingStrict { try enforceStrict(result) }
        return (result, location)
    }

    /// Fails with exit code 65 when `--strict` is set and reading the store gave any warning.
    func enforceStrict(_ result: StoreReadResult) throws {
        if arguments.isSet(.strict) { try Household.refuseWarnings(result.warnings.count) }
    }

    /// The member whose slug `--member` names; nil without the option.
    func member(in family: Family) throws -> FamilyMember? {
        guard let slug = arguments.value(.member) else { return nil }
        return try member(slug, in: family)
    }

    /// The member with `slug`, or a usage error listing the slugs.
    func member(_ slug: String, in family: Family) throws -> FamilyMember {
        if let member = family.member(withSlug: slug) { return member }
        let known = family.slugs.sorted()
        throw CLIError(
            .unknownMember(slug, known: known, suggestion: Suggestion.closest(to: slug, among: known)), path: path)
    }
}
