import AemtliCore
import Files
import Foundation
import VisibleText

/// One run of one command: its parsed arguments, the environment, and the steps most commands
/// share (configuration, settings, typed option values, reading the store, printing diagnostics).
public struct Invocation {
    public var arguments: ParsedArguments
    public var environment: CommandEnvironment
    /// The subcommand names that led here, e.g. `["template", "render"]`.
    public var path: [String]

    /// Writes `text` and a line break to standard output.
    public func print(_ text: String) {
        environment.standardOutput.write(text + "\n")
    }

    /// Writes `aemtli: warning: TEXT` (or `notice`) to standard error, with any control character
    /// in it (from a record, a file name, a server) made visible.
    func diagnose(_ severity: StoreDiagnostic.Severity, _ text: String) {
        environment.standardError.write(
            "\(HelpFormatter.toolName): \(severity.rawValue): \(VisibleText.visible(text))\n")
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

    /// Where the configuration is: the file `--config` names, else `./aemtli.json`.
    var configurationPlace: FileIO.Place {
        environment.place(arguments.value(.config) ?? "aemtli.json")
    }

    /// The configuration file named by `--config`, else `./aemtli.json` if there is one.
    func loadConfiguration() throws -> Configuration {
        let place = configurationPlace
        if arguments.value(.config) == nil, environment.files.kind(place.path) == .missing {
            return Configuration()
        }
        let bytes = try environment.files.read(place, what: "configuration file")
        let (configuration, warnings) = try Configuration.parse(bytes, source: place.shown)
        warnings.forEach { diagnose(.warning, $0) }
        return configuration
    }

    func settings() throws -> Settings {
        try Settings.resolve(arguments, configuration: loadConfiguration(), environment: environment, path: path)
    }

    /// Reads the store the user named (or the demo family) and prints its diagnostics. Returns the
    /// result and where it came from; with `--strict` and any warning, throws unless told not to.
    func readStore(settings: Settings, enforcingStrict: Bool = true) throws -> (StoreReadResult, StoreLoader.Location) {
        let (sources, location) = try storeSources(settings: settings)
        return (try readStore(sources, enforcingStrict: enforcingStrict), location)
    }

    /// The store's files (or the demo family) as named bytes, not yet parsed.
    func storeSources(settings: Settings) throws -> ([StoreSource], StoreLoader.Location) {
        let loader = StoreLoader(environment: environment)
        let location = try loader.locate(settings.store)
        if location == .demo {
            diagnose(
                .notice,
                "no store given and no ./store folder here, so the built-in demo family is used; pass --store PATH to read your own."
            )
        }
        return (try loader.sources(at: location, settings: settings), location)
    }

    /// Parses and merges `sources` and prints the diagnostics; `--strict` as above.
    func readStore(_ sources: [StoreSource], enforcingStrict: Bool = true) throws -> StoreReadResult {
        let result = try StoreReader().read(sources)
        result.diagnostics.forEach { diagnose($0.severity, $0.description) }
        if enforcingStrict { try enforceStrict(result) }
        return result
    }

    /// Fails with exit code 65 when `--strict` is set and reading the store gave any warning.
    func enforceStrict(_ result: StoreReadResult) throws {
        if arguments.isSet(.strict), !result.warnings.isEmpty {
            throw HouseholdError(.strictWarnings(count: result.warnings.count))
        }
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
