import AemtliCore
import Files
import Foundation

/// `DIR/.aemtli-manifest`: the files the last build wrote, each with its size and a digest of its
/// bytes, and the fingerprint of that build's inputs. It is how a build knows which files are its
/// own to remove, and whether a rebuild can leave the site as it is. It holds no times, so two
/// builds of the same inputs write the same manifest, like every other file.
///
/// One line per file, `PATH<TAB>SIZE<TAB>DIGEST`, after an optional first line `# inputs HEX`.
/// A manifest of an older aemtli (paths alone) still names the files.
struct BuildManifest: Equatable {
    struct Entry: Equatable {
        var path: String
        /// Size and digest of what the build wrote; nil in an older manifest.
        var digest: FileDigest?
    }

    static let name = ".aemtli-manifest"
    private static let inputsPrefix = "# inputs "

    var inputs: String?
    var entries: [Entry] = []

    init(inputs: String?, entries: [Entry]) {
        self.inputs = inputs
        self.entries = entries
    }

    init(parsing text: String) {
        for line in text.split(separator: "\n") {
            if line.hasPrefix(Self.inputsPrefix) {
                inputs = String(line.dropFirst(Self.inputsPrefix.count))
                continue
            }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            entries.append(
                Entry(
                    path: String(fields[0]),
                    digest: fields.count == 3 ? FileDigest(size: String(fields[1]), digest: String(fields[2])) : nil))
        }
    }

    var text: String {
        var lines = inputs.map { [Self.inputsPrefix + $0] } ?? []
        for entry in entries {
            lines.append(entry.digest.map { "\(entry.path)\t\($0.size)\t\($0.digest)" } ?? entry.path)
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// Whether the last build had these inputs and every file it wrote still holds what it
    /// wrote. `folder` is a path, to which the entries' paths are joined as strings.
    func isCurrent(inputs fingerprint: String, in folder: String, files: FileIO) -> Bool {
        guard inputs == fingerprint, !entries.isEmpty else { return false }
        return entries.allSatisfy { entry in
            entry.digest != nil && FileDigest(atPath: folder + "/" + entry.path, files: files) == entry.digest
        }
    }
}

/// A file's size and a digest of its bytes (`InputFingerprint`, 32 hex digits).
struct FileDigest: Equatable {
    var size: Int
    var digest: String

    init(of bytes: [UInt8]) {
        var fingerprint = InputFingerprint()
        fingerprint.add(bytes)
        size = bytes.count
        digest = fingerprint.hex
    }

    /// The digest of the file at `path`; nil when it cannot be read.
    init?(atPath path: String, files: FileIO) {
        guard let bytes = try? files.readBytes(path) else { return nil }
        self.init(of: bytes)
    }

    init?(size: String, digest: String) {
        guard let size = Int(size), digest.count == 32, digest.allSatisfy(\.isHexDigit) else { return nil }
        self.size = size
        self.digest = digest
    }
}
