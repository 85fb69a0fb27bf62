import CloudKitWeb
import Files
import Foundation
import JSON

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
        let found: PrivateFile
        do {
            found = try PrivateFile.read(path)
        } catch {
            throw SyncError(.cannotRead(path: path, detail: FileIO.describe(error)))
        }
        let bytes: [UInt8]
        switch found {
        case .missing: return nil
        case .readableByOthers: throw SyncError(.sessionFileReadable(path: path))
        case .bytes(let read): bytes = read
        }
        guard let document = try? JSONParser.parse(bytes),
            let token = document["ckWebAuthToken"]?.stringValue.flatMap(WebAuthToken.init),
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
        // The folder is the user's alone (SPEC §8.2), also when it was there before (found in review).
        do {
            try PrivateFile.makeFolder(folder)
        } catch {
            throw SyncError(.cannotWrite(path: folder, detail: FileIO.describe(error)))
        }
        var object: JSONObject = [
            "ckWebAuthToken": .string(session.token.secret), "userRecordName": .string(session.userRecordName),
            "signedInAt": .string(Timestamp.text(session.signedInAt)), "database": .string(session.database.rawValue),
        ]
        object["displayName"] = session.displayName.map { .string($0) }
        let document: JSONValue = .object(object)
        try SyncFiles().write(document.serializedBytes(pretty: true) + [0x0A], to: path, mode: 0o600)
    }

    /// Forgets the session; false when there was none.
    @discardableResult
    public func remove() throws -> Bool {
        let files = SyncFiles()
        guard files.exists(path) else { return false }
        try files.remove(path)
        return true
    }

}
