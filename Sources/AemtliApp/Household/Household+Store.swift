import AemtliCore
import Files

extension Household {
    /// The store's files (or the demo family, dated at `settings`' now) as named bytes, not yet
    /// parsed, and where they came from; a notice says when the demo family stands in.
    public func storeSources(
        _ settings: Settings, environment: CommandEnvironment
    ) throws -> ([StoreSource], StoreLoader.Location) {
        let loader = StoreLoader(environment: environment)
        let location = try loader.locate(store)
        if location == .demo {
            environment.diagnose(
                .notice,
                "no store given and no ./store folder here, so the built-in demo family is used; pass --store PATH to read your own."
            )
        }
        return (try loader.sources(at: location, settings: settings), location)
    }

    /// Parses and merges `sources` and says their diagnostics; with `strict`, any warning fails
    /// (exit 65).
    public static func readStore(
        _ sources: [StoreSource], strict: Bool, environment: CommandEnvironment
    ) throws -> StoreReadResult {
        let result = try StoreReader().read(sources)
        result.diagnostics.forEach { environment.diagnose($0.severity, $0.description) }
        if strict { try refuseWarnings(result.warnings.count) }
        return result
    }

    /// Under `--strict`: fails when reading the store or its journal gave `count` warnings.
    public static func refuseWarnings(_ count: Int) throws {
        if count > 0 { throw HouseholdError(.strictWarnings(count: count)) }
    }
}
