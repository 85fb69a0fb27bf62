import CloudKitWeb
import Files
import Foundation
import JSON

/// Keeps push's long-poll address in `FOLDER/push-CONTAINER-ENVIRONMENT`, beside the session (never
/// inside a store): folder 0700, file 0600, written atomically, like the session. Whoever holds the
/// address hears of the family's changes, so it is a secret: a file others may read is not used
/// (a new address replaces it), and nothing prints it. It keeps too the client ID that
/// `tokens/create` was sent, and which session it was made for.
public struct PushAddressStore: Sendable {
    /// What the file holds.
    struct Kept: Equatable {
        var clientID: String
        var userRecordName: String
        /// The sign-in time of the session the address was made in: a new sign-in registers again.
        var signedInAt: Date
        var address: LongPollAddress
        var createdAt: Date

        /// When to ask for a new address: before the end of its `ttl` (12 hours at CloudKit, a
        /// tenth of it left), or after 12 hours when it names none.
        var renewAt: Date {
            let lifetime = address.ttl ?? 43_200
            return createdAt.addingTimeInterval(lifetime - max(lifetime / 10, 1))
        }
    }

    public let path: String

    public init(folder: String, container: String, environment: CloudKitEnvironment) {
        path = folder + "/push-" + container + "-" + environment.rawValue
    }

    /// The kept address; nil when there is none, or none that may be used.
    func load() throws -> Kept? {
        let found: PrivateFile
        do {
            found = try PrivateFile.read(path)
        } catch {
            throw SyncError(.cannotRead(path: path, detail: FileIO.describe(error)))
        }
        guard case .bytes(let bytes) = found, let document = try? JSONParser.parse(bytes),
            let clientID = document["clientId"]?.stringValue, let user = document["userRecordName"]?.stringValue,
            let signedIn = Timestamp.date(document["signedInAt"]?.stringValue),
            let created = Timestamp.date(document["createdAt"]?.stringValue),
            let address = try? document["webcourierURL"]?.stringValue.map(LongPollAddress.init)
        else { return nil }
        return Kept(
            clientID: clientID, userRecordName: user, signedInAt: signedIn, address: address, createdAt: created)
    }

    /// The client ID of the kept file, also when its address may no longer be used.
    func clientID() -> String? {
        guard case .bytes(let bytes)? = try? PrivateFile.read(path) else { return nil }
        return (try? JSONParser.parse(bytes))?["clientId"]?.stringValue
    }

    func save(_ kept: Kept) throws {
        let document: JSONValue = .object([
            "clientId": .string(kept.clientID), "userRecordName": .string(kept.userRecordName),
            "signedInAt": .string(Timestamp.text(kept.signedInAt)),
            "createdAt": .string(Timestamp.text(kept.createdAt)),
            "webcourierURL": .string(kept.address.secretURL),
        ])
        do {
            try PrivateFile.write(document.serializedBytes(pretty: true) + [0x0A], to: path)
        } catch {
            throw SyncError(.cannotWrite(path: path, detail: FileIO.describe(error)))
        }
    }

    /// Forgets the address (`sync logout`); false when there was none.
    @discardableResult
    public func remove() throws -> Bool {
        do {
            guard FileIO.local.kind(path) != .missing else { return false }
            try FileIO.local.remove(path)
            return true
        } catch {
            throw SyncError(.cannotWrite(path: path, detail: FileIO.describe(error)))
        }
    }
}
