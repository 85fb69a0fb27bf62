import Foundation

/// Writes a build's files into the output folder (SPEC §5): each file through a temporary name
/// and a rename, so a reader sees the old or the new version; files whose bytes did not change
/// are left alone (their modification time stays); files the previous build wrote that this one
/// did not are removed. Which files a build wrote is kept in `.aemtli-manifest`, so nothing else
/// in the folder is ever touched.
struct OutputWriter {
    static let manifestName = ".aemtli-manifest"

    struct Summary: Equatable {
        var written = 0
        var unchanged = 0
        var removed = 0
        var bytesWritten = 0
    }

    let folder: URL
    let displayName: String

    func write(_ files: [String: [UInt8]]) throws -> Summary {
        var summary = Summary()
        let manager = FileManager.default
        do {
            try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw CLIError(.cannotCreate(path: displayName, detail: StoreLoader.describe(error)))
        }
        for path in files.keys.sorted() {
            let bytes = files[path]!
            let url = try target(path)
            if let existing = manager.contents(atPath: url.path), [UInt8](existing) == bytes {
                summary.unchanged += 1
                continue
            }
            try writeAtomically(bytes, to: url, name: path)
            summary.written += 1
            summary.bytesWritten += bytes.count
        }
        let previous = readManifest()
        for path in previous.subtracting(files.keys).sorted() {
            guard let url = try? target(path), manager.fileExists(atPath: url.path) else { continue }
            try? manager.removeItem(at: url)
            summary.removed += 1
        }
        let manifest = files.keys.sorted().joined(separator: "\n") + "\n"
        try writeAtomically(Array(manifest.utf8), to: folder.appendingPathComponent(Self.manifestName), name: Self.manifestName)
        return summary
    }

    /// The file's place inside the folder; a path that would leave it is refused.
    private func target(_ path: String) throws -> URL {
        let parts = path.split(separator: "/")
        guard !path.hasPrefix("/"), !parts.isEmpty, !parts.contains(where: { $0 == ".." || $0 == "." || $0.isEmpty }) else {
            throw CLIError(.cannotCreate(path: path, detail: "the path would leave the output folder"))
        }
        return folder.appendingPathComponent(path)
    }

    private func writeAtomically(_ bytes: [UInt8], to url: URL, name: String) throws {
        let manager = FileManager.default
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        do {
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: temporary)
            if rename(temporary.path, url.path) != 0 {
                throw NSError(domain: NSPOSIXErrorDomain, code: Int(errno))
            }
        } catch {
            try? manager.removeItem(at: temporary)
            throw CLIError(.cannotCreate(path: displayName + "/" + name, detail: StoreLoader.describe(error)))
        }
    }

    private func readManifest() -> Set<String> {
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(Self.manifestName).path) else { return [] }
        return Set(String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init))
    }
}
