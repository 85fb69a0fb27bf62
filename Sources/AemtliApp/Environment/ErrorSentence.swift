import AemtliCore
import AemtliSync
import Mustache

/// One sentence for any error the application meets, naming the place and the user's value: what
/// `serve` says in a warning and goes on, and what the command line prints after "aemtli: error:".
/// The exit code for it is the command line's business (`ExitCode(for:)` in AemtliCLI).
public enum ErrorSentence {
    public static func of(_ error: Error) -> String {
        switch error {
        case let error as FileError: return error.message
        case let error as HouseholdError: return error.message
        case let error as ConfigurationError: return error.message
        case let error as ZoneDatabaseError: return error.message
        case let error as BuildError: return error.message
        case let error as ServeError: return error.message
        case let error as TickError: return error.description
        case let error as StoreError: return error.description
        case let error as MustacheError: return error.description
        case let error as SyncError: return error.description
        default: return "an internal error occurred (\(error)); please report it."
        }
    }
}
