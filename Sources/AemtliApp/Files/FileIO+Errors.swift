import Files
import Foundation

extension FileIO {
    /// A path twice: resolved for the system, and as the user wrote it for messages.
    public struct Place {
        public let path: String
        public let shown: String

        /// `name` below this folder.
        public func appending(_ name: String) -> Place {
            Place(path: path + "/" + name, shown: (shown.hasSuffix("/") ? shown : shown + "/") + name)
        }
    }

    /// The file's bytes; a missing file is exit 66 (`what` names it: "template", "data file"),
    /// a folder or an unreadable file exit 74.
    public func read(_ place: Place, what: String) throws -> [UInt8] {
        switch kind(place.path) {
        case .missing: throw FileError(.inputMissing(path: place.shown, what: what))
        case .inaccessible(let code): throw Self.cannotRead(place.shown, code)
        case .folder, .linkedFolder:
            throw FileError(.readFailed(path: place.shown, detail: "it is a folder, not a file"))
        case .file, .special: break
        }
        do {
            return try readBytes(place.path)
        } catch {
            throw FileError(.readFailed(path: place.shown, detail: Self.describe(error)))
        }
    }

    /// Checks that a folder is there: missing is exit 66, a file in its place exit 74.
    public func requireFolder(_ place: Place, what: String) throws {
        switch kind(place.path) {
        case .missing: throw FileError(.inputMissing(path: place.shown, what: what))
        case .inaccessible(let code): throw Self.cannotRead(place.shown, code)
        case .file, .special: throw FileError(.readFailed(path: place.shown, detail: "it is a file, not a folder"))
        case .folder, .linkedFolder: break
        }
    }

    /// The files with `pathExtension` below a folder, as paths relative to it in byte order (so
    /// `a.json` comes before `a/b.json`): the one rule for reading the store, the templates and
    /// partials folders, and fingerprinting them. A sub-folder that cannot be listed is an error
    /// naming it (exit 74), never skipped, and so is a folder named like such a file; links to
    /// folders are not followed (no loops).
    public func files(below folder: Place, withExtension pathExtension: String) throws -> [String] {
        var found: [String] = []
        var pending: [(Place, String)] = [(folder, "")]
        while let (place, prefix) = pending.popLast() {
            let entries: [String]
            do {
                entries = try names(place.path)
            } catch {
                throw FileError(.readFailed(path: place.shown, detail: Self.describe(error)))
            }
            for name in entries {
                let child = place.appending(name)
                switch kind(child.path) {
                case .folder where name.hasSuffix("." + pathExtension),
                    .linkedFolder where name.hasSuffix("." + pathExtension):
                    // Named like a file that should be read: say so rather than pass it by.
                    throw FileError(.readFailed(path: child.shown, detail: "it is a folder, not a file"))
                case .folder: pending.append((child, prefix + name + "/"))
                case .file where name.hasSuffix("." + pathExtension): found.append(prefix + name)
                case .special where name.hasSuffix("." + pathExtension):
                    throw FileError(
                        .readFailed(path: child.shown, detail: "it is a pipe, socket or device, not a file"))
                default: break
                }
            }
        }
        return found.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// Writes a file atomically, making its folders; failure is exit 73.
    public func write(_ bytes: [UInt8], to place: Place) throws {
        do {
            try makeFolders(Self.folder(of: place.path))
            try writeAtomically(bytes, to: place.path)
        } catch {
            throw FileError(.cannotCreate(path: place.shown, detail: Self.describe(error)))
        }
    }

    /// A path the system would not let aemtli look at (a folder on the way it may not enter).
    static func cannotRead(_ shown: String, _ code: POSIXErrorCode) -> FileError {
        FileError(.readFailed(path: shown, detail: describe(POSIXError(code))))
    }
}
