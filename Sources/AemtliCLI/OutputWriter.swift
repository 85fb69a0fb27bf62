import Dispatch
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
        // Files are independent: compare and write them on all cores, then count.
        let paths = files.keys.sorted()
        let targets = try paths.map(target)
        var outcomes = [Result<Bool, Error>?](repeating: nil, count: paths.count)
        outcomes.withUnsafeMutableBufferPointer { slots in
            let slots = slots
            DispatchQueue.concurrentPerform(iterations: paths.count) { index in
                slots[index] = Result {
                    let bytes = files[paths[index]]!
                    if Self.holds(bytes, at: targets[index]) { return false }
                    try writeAtomically(bytes, to: targets[index], name: paths[index])
                    return true
                }
            }
        }
        for (index, outcome) in outcomes.enumerated() {
            if try outcome!.get() {
                summary.written += 1
                summary.bytesWritten += files[paths[index]]!.count
            } else {
                summary.unchanged += 1
            }
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

    /// Whether the file at `url` already holds exactly `bytes` (sizes first, contents only then).
    private static func holds(_ bytes: [UInt8], at url: URL) -> Bool {
        var info = stat()
        guard stat(url.path, &info) == 0, Int(info.st_size) == bytes.count,
              let existing = FileManager.default.contents(atPath: url.path) else { return false }
        return existing.elementsEqual(bytes)
    }

    /// Writes to a temporary name beside the file, straight from the buffer, then renames.
    private func writeAtomically(_ bytes: [UInt8], to url: URL, name: String) throws {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            guard descriptor >= 0 else { throw NSError(domain: NSPOSIXErrorDomain, code: Int(errno)) }
            var written = 0
            let failure: Int32? = bytes.withUnsafeBytes { buffer in
                while written < buffer.count {
                    let count = Foundation.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                    if count < 0 { return errno }
                    written += count
                }
                return nil
            }
            close(descriptor)
            if let failure { throw NSError(domain: NSPOSIXErrorDomain, code: Int(failure)) }
            if rename(temporary.path, url.path) != 0 { throw NSError(domain: NSPOSIXErrorDomain, code: Int(errno)) }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw CLIError(.cannotCreate(path: displayName + "/" + name, detail: StoreLoader.describe(error)))
        }
    }

    private func readManifest() -> Set<String> {
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(Self.manifestName).path) else { return [] }
        return Set(String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init))
    }
}
