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
        do {
            try writeFile(bytes, temporary, mode)
            try flush(temporary)
            try rename(temporary, path)
        } catch {
            try? remove(temporary)
            throw error
        }
        if flushingFolder { try flush(Self.folder(of: path)) }
    }

    /// Makes `path` and every missing folder above it; the folders it made, outermost first.
    @discardableResult
    public func makeFolders(_ path: String) throws -> [String] {
        var missing: [String] = []
        var cursor = path
        while !cursor.isEmpty, kind(cursor) == .missing {
            missing.append(cursor)
            cursor = Self.folder(of: cursor)
            if cursor == "/" || cursor == "." { break }
        }
        for folder in missing.reversed() { try makeFolder(folder) }
        return missing.reversed()
    }

    /// The folder holding `path` ("." for a bare name).
    public static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
