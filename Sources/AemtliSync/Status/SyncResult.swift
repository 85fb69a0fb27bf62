/// The outcome word a sync run records in the status file (SPEC §8.6).
public enum SyncResult: String, CaseIterable, Sendable {
    case ok
    case temporary
    case signIn = "sign-in"
    case access
    case configuration
    case protocolError = "protocol"

    /// One sentence for the family, shown on the pages.
    public var familySentence: String {
        switch self {
        case .ok: return "The chores were brought up to date from iCloud."
        case .temporary: return "iCloud could not be reached for now; aemtli tries again on its next run."
        case .signIn: return "The iCloud sign-in has ended; a parent needs to run `aemtli sync login`."
        case .access: return "This Apple ID may no longer see the family's chores; sign in again with the right one."
        case .configuration: return "aemtli's iCloud settings need a look from whoever set it up."
        case .protocolError: return "iCloud answered in a way aemtli did not expect; it tries again on its next run."
        }
    }

    /// The exit code `aemtli sync status` reports for a last run with this result.
    public var exitCode: Int32 {
        switch self {
        case .ok: return 0
        case .temporary: return 75
        case .signIn, .access: return 77
        case .configuration: return 78
        case .protocolError: return 76
        }
    }
}
