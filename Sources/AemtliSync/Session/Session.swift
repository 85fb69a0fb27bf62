import CloudKitWeb
import Foundation

/// A signed-in CloudKit web session: the token, who it belongs to (and their name when CloudKit
/// gave it), when `sync login` ran, and the database decided then. Its description leaves the
/// token out.
public struct Session: Equatable, Sendable {
    /// How long a session kept with "Keep me signed in" lasts at most (SPEC §8.6).
    public static let expectedLifetime: TimeInterval = 14 * 86_400
    /// How long a session without "Keep me signed in" lasts (SPEC §8.6).
    public static let shortLifetime: TimeInterval = 30 * 60

    public var token: WebAuthToken
    public var userRecordName: String
    /// The user's name as CloudKit gave it at sign-in; nil when it did not (or an older file).
    public var displayName: String?
    /// `sync login`'s now.
    public var signedInAt: Date
    /// `private` (the family's owner) or `shared` (a member).
    public var database: CloudKitDatabase

    public init(
        token: WebAuthToken, userRecordName: String, displayName: String? = nil, signedInAt: Date,
        database: CloudKitDatabase
    ) {
        self.token = token
        self.userRecordName = userRecordName
        self.displayName = displayName
        self.signedInAt = signedInAt
        self.database = database
    }

    /// When the session probably ends if "Keep me signed in" was ticked: only drives notices,
    /// never ends a session by itself.
    public var expectedEnd: Date { signedInAt.addingTimeInterval(Self.expectedLifetime) }

    /// When the session ends if "Keep me signed in" was not ticked.
    public var shortEnd: Date { signedInAt.addingTimeInterval(Self.shortLifetime) }

    /// The two-week end once it is known: aemtli cannot see whether "Keep me signed in" was
    /// ticked, so only a sync that succeeded more than 30 minutes after sign-in (`lastSuccess`)
    /// tells; nil before (SPEC §8.6).
    public func knownEnd(lastSuccess: Date?) -> Date? {
        guard let lastSuccess, lastSuccess > shortEnd else { return nil }
        return expectedEnd
    }

    /// The user as login names them: "Name (record name)", or the record name alone.
    public var who: String { displayName.map { "\($0) (\(userRecordName))" } ?? userRecordName }
}
