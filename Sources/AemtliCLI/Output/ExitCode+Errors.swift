import AemtliApp
import AemtliCore
import AemtliSync
import Mustache

/// The sysexits code (SPEC §7) for each error a command can end with: the application says what
/// went wrong (`ErrorSentence`), the command line says how the process ends.
extension ExitCode {
    init(for error: Error) {
        switch error {
        case let error as CLIError: self = error.exitCode
        case let error as FileError: self = Self.code(error.reason)
        case let error as HouseholdError: self = Self.code(error.reason)
        case let error as ConfigurationError: self = Self.code(error.reason)
        case let error as ZoneDatabaseError: self = Self.code(error.reason)
        case let error as TickError: self = Self.code(error.reason)
        case let error as ServeError: self = Self.code(error.reason)
        case let error as BuildError: self = ExitCode(for: error.underlying)
        case is StoreError, is MustacheError, is TemplateInputError: self = .dataError
        case let error as SyncError: self = ExitCode(rawValue: error.exitCode) ?? .software
        default: self = .software
        }
    }

    private static func code(_ reason: FileError.Reason) -> ExitCode {
        switch reason {
        case .inputMissing: return .noInput
        case .readFailed: return .ioError
        case .cannotCreate: return .cannotCreate
        case .outputClash: return .software
        }
    }

    private static func code(_ reason: HouseholdError.Reason) -> ExitCode {
        switch reason {
        case .storeMissing, .storeHasNoJSON: return .noInput
        case .strictWarnings: return .dataError
        case .secondStore, .noSessionFolder: return .usage
        }
    }

    private static func code(_ reason: ConfigurationError.Reason) -> ExitCode {
        switch reason {
        case .slipForKnownKey: return .configuration
        case .invalidFlag: return .usage
        default: return .dataError
        }
    }

    private static func code(_ reason: ZoneDatabaseError.Reason) -> ExitCode {
        switch reason {
        case .corrupt: return .dataError
        case .unreadable: return .ioError
        }
    }

    private static func code(_ reason: TickError.Reason) -> ExitCode {
        switch reason {
        case .cannotRead: return .ioError
        case .cannotWrite: return .cannotCreate
        case .readableByOthers, .noStateFolder: return .configuration
        }
    }

    private static func code(_ reason: ServeError.Reason) -> ExitCode {
        switch reason {
        case .folderServed: return .cannotCreate
        case .cannotListen, .addressInUse: return .unavailable
        }
    }
}
