import CloudKitWeb
import Files
import Foundation
import JSON

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps the session in `FOLDER/session-CONTAINER-ENVIRONMENT` (no `.json`, never inside a store):
/// folder 0700, file 0600, written atomically. A file others can read is refused.
public struct SessionStore: Sendable {
    public let folder: String
    public let path: String

    public init(folder: String, container: String, environment: CloudKitEnvironment) {
        self.folder = folder
        path = folder + "/session-" + container + "-" + environment.rawValue
    }

    /// `$XDG_STATE_HOME/aemtli` when that is an absolute path, else `$HOME/.local/state/aemtli`;
    /// nil when neither variable helps. `environment` is passed in, not read from the process.
    public static func defaultFolder(environment: [String: String]) -> String? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/aemtli" }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return home + "/.local/state/aemtli"
    }

    /// The session, or nil when nobody is signed in.
    public func load() throws -> Session? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw SyncError(.cannotRead(path: path, detail: FileIO.lastErrorText()))
        }
        guard info.st_mode & 0o077 == 0 else { throw SyncError(.sessionFileReadable(path: path)) }
        let document: JSONValue
        do {
            document = try JSONParser.parse(try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw SyncError(.cannotRead(path: path, detail: "it is not a session file aemtli wrote"))
        }
        guard let token = document["ckWebAuthToken"]?.stringValue.flatMap(WebAuthToken.init),
            let user = document["userRecordName"]?.stringValue,
            let signedIn = Timestamp.date(document["signedInAt"]?.stringValue),
            let database = document["database"]?.stringValue.flatMap(CloudKitDatabase.init(rawValue:))
        else {
            throw SyncError(.cannotRead(path: path, detail: "it is not a session file aemtli wrote"))
        }
        return Session(
            token: token, userRecordName: user, displayName: document["displayName"]?.stringValue, signedInAt: signedIn,
            database: database)
    }

    public func save(_ session: Session) throws {
        if mkdir(folder, 0o700) != 0 && errno != EEXIST {
            try createParents()
        }
        // The folder is the user's alone (SPEC §8.2), also when it was there before (found in review).
        guard chmod(folder, 0o700) == 0 else {
            throw SyncError(.cannotWrite(path: folder, detail: FileIO.lastErrorText()))
        }
        var object: JSONObject = [
            "ckWebAuthToken": .string(session.token.secret), "userRecordName": .string(session.userRecordName),
            "signedInAt": .string(Timestamp.text(session.signedInAt)), "database": .string(session.database.rawValue),
        ]
        object["displayName"] = session.displayName.map { .string($0) }
        let document: JSONValue = .object(object)
        try SyncFiles.write(document.serializedBytes(pretty: true) + [0x0A], to: path, mode: 0o600)
    }

    /// Forgets the session; false when there was none.
    @discardableResult
    public func remove() throws -> Bool {
        guard unlink(path) == 0 else {
            if errno == ENOENT { return false }
            throw SyncError(.cannotWrite(path: path, detail: FileIO.lastErrorText()))
        }
        return true
    }

    /// The folder's parents as the user's own (0700 for the last one, like the folder itself).
    private func createParents() throws {
        do {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw SyncError(.cannotWrite(path: folder, detail: "the folder cannot be created"))
        }
    }
}
