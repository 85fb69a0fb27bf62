import Foundation

extension FileIO {
    /// The one atomic write, for the site's files, sync's pages, state and status, the session
    /// and the settings aemtli keeps: a crash leaves the old or the new content, never a mix. The
    /// bytes go to `temporary` (by default a name of this process's and chance's beside the path,
    /// so that two writers of one file, such as serve and `sync login`, never share one), are
    /// flushed, renamed over the target, and the folder is flushed so that the rename lasts (unless
    /// the caller flushes the folder itself before anything depends on it, as sync's commit of a
    /// page does).
    public func writeAtomically(
        _ bytes: [UInt8], to path: String, mode: UInt16 = 0o644, temporary: String? = nil, flushingFolder: Bool = true
    ) throws {
        let process = ProcessInfo.processInfo.processIdentifier
        let temporary = temporary ?? path + ".\(process).\(UInt32.random(in: 0...UInt32.max)).tmp"
        try stage(bytes, at: temporary, mode: mode, flushing: true)
        do {
            try rename(temporary, path)
        } catch {
            try? remove(temporary)
            throw error
        }
        if flushingFolder { try flush(Self.folder(of: path)) }
    }

    /// The first half of an atomic write, for a writer that renames many files at once (the
    /// site's build): the bytes in `temporary`, a name of the caller's own, flushed when asked.
    /// A write that fails (a full disk) removes what it wrote, so that no partial file stays
    /// behind to hold the space.
    public func stage(_ bytes: [UInt8], at temporary: String, mode: UInt16 = 0o644, flushing: Bool = false) throws {
        do {
            try writeFile(bytes, temporary, mode)
            if flushing { try flush(temporary) }
        } catch {
            try? remove(temporary)
            throw error
        }
    }

    /// Makes `path` and every missing folder above it; the folders it made, outermost first.
    /// When one cannot be made (a full disk), those it made before are removed again.
    @discardableResult
    public func makeFolders(_ path: String) throws -> [String] {
        var missing: [String] = []
        var cursor = path
        while !cursor.isEmpty, kind(cursor) == .missing {
            missing.append(cursor)
            cursor = Self.folder(of: cursor)
            if cursor == "/" || cursor == "." { break }
        }
        var made: [String] = []
        do {
            for folder in missing.reversed() {
                try makeFolder(folder)
                made.append(folder)
            }
        } catch {
            for folder in made.reversed() { try? remove(folder) }
            throw error
        }
        return made
    }

    /// The folder holding `path` ("." for a bare name).
    public static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
