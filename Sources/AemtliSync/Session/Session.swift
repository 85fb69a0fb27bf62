import CloudKitWeb
import Foundation

/// A signed-in CloudKit web session: the token, who it belongs to, when `sync login` ran, and the
/// database decided then. Its description leaves the token out.
public struct Session: Equatable, Sendable {
    /// How long a session kept with "Keep me signed in" lasts at most (SPEC §8.6).
    public static let expectedLifetime: TimeInterval = 14 * 86_400

    public var token: WebAuthToken
    public var userRecordName: String
    /// `sync login`'s now.
    public var signedInAt: Date
    /// `private` (the family's owner) or `shared` (a member).
    public var database: CloudKitDatabase

    public init(token: WebAuthToken, userRecordName: String, signedInAt: Date, database: CloudKitDatabase) {
        self.token = token
        self.userRecordName = userRecordName
        self.signedInAt = signedInAt
        self.database = database
    }

    /// When the session probably ends: only drives notices, never ends a session by itself.
    public var expectedEnd: Date { signedInAt.addingTimeInterval(Self.expectedLifetime) }
}
