import AemtliCore
import Foundation

/// One run of one command: its parsed arguments, the environment, and the steps most commands
/// share (configuration, settings, reading the store, printing diagnostics).
public struct Invocation {
    public var arguments: ParsedArguments
    public var environment: CommandEnvironment
    /// The subcommand names that led here, e.g. `["template", "render"]`.
    public var path: [String]

    /// Writes `text` and a line break to standard output.
    public func print(_ text: String) {
        environment.standardOutput.write(text + "\n")
    }

    /// Writes `aemtli: warning: TEXT` (or `notice`) to standard error.
    func diagnose(_ severity: StoreDiagnostic.Severity, _ text: String) {
        environment.standardError.write("\(HelpFormatter.toolName): \(severity.rawValue): \(text)\n")
    }

    /// The configuration file named by `--config`, else `./aemtli.json` if there is one.
    func loadConfiguration() throws -> Configuration {
        let name: String
        if let option = arguments.value(.config) {
            guard FileManager.default.fileExists(atPath: environment.resolve(option).path) else {
                throw CLIError(.inputMissing(path: option, what: "configuration file"), path: path)
            }
            name = option
        } else {
            name = "aemtli.json"
            guard FileManager.default.fileExists(atPath: environment.resolve(name).path) else { return Configuration() }
        }
        let data: Data
        do {
            data = try Data(contentsOf: environment.resolve(name))
        } catch {
            throw CLIError(.readFailed(path: name, detail: StoreLoader.describe(error)), path: path)
        }
        let (configuration, warnings) = try Configuration.parse([UInt8](data), source: name)
        warnings.forEach { diagnose(.warning, $0) }
        return configuration
    }

    func settings() throws -> Settings {
        try Settings.resolve(arguments, configuration: loadConfiguration(), environment: environment)
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
        let location = try loader.locate(arguments.value(.store))
        if location == .demo {
            diagnose(.notice, "no store given and no ./store folder here, so the built-in demo family is used; pass --store PATH to read your own.")
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
            throw CLIError(.strictWarnings(count: result.warnings.count), path: path)
        }
    }
}
