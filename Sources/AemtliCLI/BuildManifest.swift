import Foundation

/// `DIR/.aemtli-manifest`: the files the last build wrote, each with the size and modification
/// time it had then, and the fingerprint of that build's inputs. It is how a build knows which
/// files are its own to remove, and whether a rebuild can leave the site as it is.
///
/// One line per file, `PATH<TAB>SIZE<TAB>SECONDS.NANOSECONDS`, after an optional first line
/// `# inputs HEX`. A manifest of an older aemtli (paths alone) still names the files.
struct BuildManifest: Equatable {
    struct Entry: Equatable {
        var path: String
        /// Size and modification time when the build finished; nil in an older manifest.
        var stamp: FileStamp?
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
            entries.append(Entry(path: String(fields[0]), stamp: fields.count == 3 ? FileStamp(size: String(fields[1]), time: String(fields[2])) : nil))
        }
    }

    var text: String {
        var lines = inputs.map { [Self.inputsPrefix + $0] } ?? []
        for entry in entries {
            lines.append(entry.stamp.map { "\(entry.path)\t\($0.size)\t\($0.seconds).\(String(format: "%09d", $0.nanoseconds))" } ?? entry.path)
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// Whether the last build had these inputs and every file it wrote is still as it left it.
    func isCurrent(inputs fingerprint: String, in folder: URL) -> Bool {
        guard inputs == fingerprint, !entries.isEmpty else { return false }
        return entries.allSatisfy { entry in
            entry.stamp != nil && entry.stamp == FileStamp(of: folder.appendingPathComponent(entry.path))
        }
    }
}

/// A file's size and modification time, to the nanosecond: what `stat` says of it.
struct FileStamp: Equatable {
    var size: Int
    var seconds: Int
    var nanoseconds: Int

    init?(of url: URL) {
        var info = stat()
        guard stat(url.path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        let time = info.st_mtimespec
        #else
        let time = info.st_mtim
        #endif
        size = Int(info.st_size)
        seconds = Int(time.tv_sec)
        nanoseconds = Int(time.tv_nsec)
    }

    init?(size: String, time: String) {
        let parts = time.split(separator: ".")
        guard let size = Int(size), parts.count == 2, let seconds = Int(parts[0]), let nanoseconds = Int(parts[1]) else { return nil }
        self.size = size
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }
}
