import AemtliSync
import Files
import Foundation
import JSON

/// The folder where ticks keep their state, beside the sync session (`$XDG_STATE_HOME/aemtli`, else
/// `~/.local/state/aemtli`): the user's alone (0700), each file 0600 and written atomically. The
/// commands (`serve pair`, `pin`, `devices`) and a running `serve` share these files, so every
/// read goes to the disk (a revoke holds at the next request) and every change is made under one
/// lock, also between the threads of one `serve`.
public struct TickStateFolder: Sendable {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// The session's folder for this environment (`SessionStore.defaultFolder`).
    public static func standard(environment: [String: String]) throws -> TickStateFolder {
        guard let path = SessionStore.defaultFolder(environment: environment) else { throw TickError(.noStateFolder) }
        return TickStateFolder(path: path)
    }

    func file(_ name: String) -> String {
        path + "/" + name
    }

    /// The JSON in the file `name`; nil when there is none. A file others may read is refused:
    /// its secrets may have been seen, and whoever could change it could pair a device.
    func read(_ name: String) throws -> JSONValue? {
        let path = file(name)
        let found: PrivateFile
        do {
            found = try PrivateFile.read(path)
        } catch {
            throw TickError(.cannotRead(path: path, detail: FileIO.describe(error)))
        }
        switch found {
        case .missing: return nil
        case .readableByOthers: throw TickError(.readableByOthers(path: path))
        case .bytes(let bytes):
            guard let document = try? JSONParser.parse(bytes) else {
                throw TickError(.cannotRead(path: path, detail: "it is not a file aemtli wrote"))
            }
            return document
        }
    }

    /// Writes inside `locked`, which has made the folder.
    func write(_ document: JSONValue, to name: String) throws {
        let path = file(name)
        do {
            try FileIO.local.writeAtomically(document.serializedBytes(pretty: true) + [0x0A], to: path, mode: 0o600)
        } catch {
            throw TickError(.cannotWrite(path: path, detail: FileIO.describe(error)))
        }
    }

    func remove(_ name: String) throws {
        let path = file(name)
        guard FileIO.local.kind(path) != .missing else { return }
        do {
            try FileIO.local.remove(path)
        } catch {
            throw TickError(.cannotWrite(path: path, detail: FileIO.describe(error)))
        }
    }

    /// Runs `body` holding the folder's lock (`FileLock` on `ticks.lock`, waiting for it): a read,
    /// change and write of one file is whole, so five guesses at once count as five.
    func locked<Result>(_ body: () throws -> Result) throws -> Result {
        try makeFolder()
        let path = file("ticks.lock")
        let lock: FileLock
        do {
            lock = try FileLock.takeWaiting(path, mode: 0o600)
        } catch {
            throw TickError(.cannotWrite(path: path, detail: FileIO.describe(error)))
        }
        defer { lock.release() }
        return try body()
    }

    /// The folder as the user's own, also when it was there before with a wider mode.
    private func makeFolder() throws {
        do {
            try PrivateFile.makeFolder(path)
        } catch {
            throw TickError(.cannotWrite(path: path, detail: FileIO.describe(error)))
        }
    }

    /// Times in the files: whole seconds in UTC, readable by a person looking, as the session's.
    static func text(_ date: Date) -> String {
        Timestamp.text(date)
    }

    static func date(_ value: JSONValue?) -> Date? {
        Timestamp.date(value?.stringValue)
    }
}
