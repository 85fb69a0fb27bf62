import CloudKitWeb
import Foundation

/// Why `aemtli sync` (or sign-in) stopped. Each reason has its exit code (SPEC §7, §8.4), the
/// result the status file records, and one sentence saying what happened and what to do. No
/// message ever holds the session token; server text is shown with control characters visible.
public struct SyncError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Reason: Equatable, Sendable {
        // 78: configuration
        case apiTokenMissing(container: String, callbackPort: Int)
        case apiTokenRejected(ServerDetail)
        case addressInvalid(String)
        case containerNotFound(container: String, environment: String, ServerDetail)
        case zoneNotFound(zone: String, database: String, environment: String)
        case zoneAmbiguous(zone: String, owners: [String])
        /// At sign-in: the Apple ID has no family of its own and none shared with it.
        case noFamily(zone: String, environment: String)
        case sessionFileReadable(path: String)
        case callbackPortInvalid(Int)
        case callbackUnavailable(port: Int, detail: String)
        // 77: sign-in or access
        case notSignedIn
        case sessionRejected
        case accessDenied(ServerDetail)
        // 75: temporary
        case locked(path: String)
        case temporary(what: String, retryAt: String)
        /// Asked to stop (serve on SIGTERM) while waiting to try `what` again.
        case stopped(what: String)
        case callbackTimedOut(minutes: Int)
        // 76: protocol
        case unexpectedResponse(operation: String, ServerDetail)
        case unusableAnswer(String)
        case staleSyncToken(ServerDetail)
        case stuckFeed(zone: String)
        case tooManyPages(limit: Int)
        case noSignInAddress
        // 73 / 74 / 64: local trouble
        case cannotWrite(path: String, detail: String)
        case cannotRead(path: String, detail: String)
        case pastedTokenInvalid
    }

    public var reason: Reason
    /// CloudKit's own time to try again (`retryAfter` or `Retry-After`), in seconds from the
    /// failure, when a temporary failure came with one: `serve` waits at least that long before
    /// its next sync, where the message's time is only for a person.
    public var retryAfter: TimeInterval?

    public init(_ reason: Reason, retryAfter: TimeInterval? = nil) {
        self.reason = reason
        self.retryAfter = retryAfter
    }

    /// The sysexits code the command ends with.
    public var exitCode: Int32 {
        switch reason {
        case .apiTokenMissing, .apiTokenRejected, .addressInvalid, .containerNotFound, .zoneNotFound, .zoneAmbiguous,
            .noFamily,
            .sessionFileReadable, .callbackPortInvalid, .callbackUnavailable:
            return 78
        case .notSignedIn, .sessionRejected, .accessDenied: return 77
        case .locked, .temporary, .stopped, .callbackTimedOut: return 75
        case .unexpectedResponse, .unusableAnswer, .staleSyncToken, .stuckFeed, .tooManyPages, .noSignInAddress:
            return 76
        case .cannotWrite: return 73
        case .cannotRead: return 74
        case .pastedTokenInvalid: return 64
        }
    }

    /// The status file's word for this failure (SPEC §8.6); local file trouble counts as temporary.
    public var result: SyncResult {
        switch reason {
        case .notSignedIn, .sessionRejected: return .signIn
        case .accessDenied: return .access
        case .unexpectedResponse, .unusableAnswer, .staleSyncToken, .stuckFeed, .tooManyPages, .noSignInAddress:
            return .protocolError
        default:
            switch exitCode {
            case 78: return .configuration
            default: return .temporary
            }
        }
    }

    public var description: String { SyncErrorMessages.sentence(for: reason) }
}

extension SyncError {
    /// Reads a CloudKit answer with `read`: an answer not shaped as CloudKit's is `unusableAnswer`
    /// (76); any other error passes through as it is.
    static func readingAnswer<Answer>(_ read: () throws -> Answer) throws -> Answer {
        do {
            return try read()
        } catch let error as CloudKitError {
            throw SyncError(.unusableAnswer(error.description))
        }
    }
}
