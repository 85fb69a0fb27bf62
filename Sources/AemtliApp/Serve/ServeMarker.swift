import Files
import Foundation
import JSON

/// What a running `aemtli serve` leaves in the folder it serves, so that the commands run beside it
/// find it: `.aemtli-serve`, held locked (`flock`) from before its first build until it ends, and
/// naming its process, where it listens and whether ticks are on. A `build` into that folder asks
/// serve to build instead (`.aemtli-serve-rebuild`, which serve looks for at every turn, within a
/// second) rather than write plain pages under it; `serve pair` prints where serve listens.
///
/// In the folder rather than the state folder: it is the folder that is owned, whatever path or
/// link leads to it, and by whichever user runs `build`. The lock goes with the process, so the
/// file of a serve that was killed, or whose pid another program has since, is no running serve.
/// Both names start with a dot: the server never serves them, and `build` leaves them alone.
public final class ServeMarker {
    /// A running serve, as its file names it; a field is nil when serve has not written it yet.
    public struct Owner: Equatable {
        public var pid: Int32?
        public var listen: ListenAddress?
        public var ticks = false
    }

    static let fileName = ".aemtli-serve"
    static let requestName = ".aemtli-serve-rebuild"

    private let folder: String
    private let lock: FileLock

    private init(folder: String, lock: FileLock) {
        self.folder = folder
        self.lock = lock
    }

    /// Takes `folder` for this serve. Nil when the file cannot be made (a folder serve cannot write
    /// in, which its build says); throws when a running serve holds it.
    static func claim(folder: String, shown: String) throws -> ServeMarker? {
        let path = folder + "/" + fileName
        let taken: FileLock?
        do {
            taken = try FileLock.take(path)
        } catch {
            return nil
        }
        guard let lock = taken else {
            throw ServeError(.folderServed(path: shown, pid: read(path)?.pid))
        }
        let marker = ServeMarker(folder: folder, lock: lock)
        marker.write(.object(["pid": .integer(Int64(getpid()))]))
        // A request left by a build while no serve ran: this serve's first build answers it.
        try? FileIO.local.remove(folder + "/" + requestName)
        return marker
    }

    /// Adds where serve listens, once it does.
    func announce(_ listen: ListenAddress, ticks: Bool) {
        write(
            .object([
                "pid": .integer(Int64(getpid())), "host": .string(listen.host), "port": .integer(Int64(listen.port)),
                "ticks": .bool(ticks),
            ]))
    }

    /// Whether a build asked for a build since the last look; the request is taken away.
    func takeRequest() -> Bool {
        (try? FileIO.local.remove(folder + "/" + Self.requestName)) != nil
    }

    /// Removes the file, then lets go of the lock: the folder is no serve's any more.
    func release() {
        guard lock.descriptor >= 0 else { return }
        try? FileIO.local.remove(folder + "/" + Self.fileName)
        lock.release()
    }

    deinit {
        release()
    }

    /// The running serve that owns `folder`; nil when none does (no file, or nobody holds its lock).
    public static func owner(of folder: String) -> Owner? {
        let path = folder + "/" + fileName
        guard FileLock.isHeld(path) else { return nil }
        return read(path) ?? Owner()
    }

    /// Asks the serve that owns `folder` to build at its next turn.
    public static func requestRebuild(in folder: String, shown: String, files: FileIO) throws {
        let path = folder + "/" + requestName
        do {
            try files.writeAtomically([], to: path, mode: 0o644)
        } catch {
            throw FileError(.cannotCreate(path: shown + "/" + requestName, detail: FileIO.describe(error)))
        }
    }

    /// Replaces the file's content in place: the lock is on this file, so no rename. A mark that
    /// cannot be written only leaves the commands beside serve knowing less.
    private func write(_ document: JSONValue) {
        try? lock.replaceContent(document.serializedBytes() + [0x0A])
    }

    /// What the file at `path` says; nil when it does not read (serve is just writing it).
    private static func read(_ path: String) -> Owner? {
        guard let bytes = try? FileIO.local.readBytes(path), let document = try? JSONParser.parse(bytes) else {
            return nil
        }
        var owner = Owner()
        owner.pid = document["pid"]?.integerValue.flatMap { Int32(exactly: $0) }
        if let host = document["host"]?.stringValue,
            let port = document["port"]?.integerValue.flatMap(UInt16.init(exactly:))
        {
            owner.listen = ListenAddress(host: host, port: port)
        }
        owner.ticks = document["ticks"]?.boolValue ?? false
        return owner
    }
}
