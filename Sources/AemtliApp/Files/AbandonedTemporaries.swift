import Files
import Foundation

/// The hidden temporaries (`.NAME.PID.tmp`) that builds killed before they could rename or remove
/// them leave in the output folder. A build removes those whose process is no longer running,
/// and only files of exactly that form, in the folder and the site's sub-folders: nothing else a
/// family keeps in its web root is touched. A build that is still running keeps its own.
public enum AbandonedTemporaries {
    /// Removes them below `root` (two levels: the site has `members/`, `feeds/` and the like);
    /// returns how many.
    @discardableResult
    public static func remove(
        in root: String, files: FileIO, ownProcess: Int32 = ProcessInfo.processInfo.processIdentifier
    ) -> Int {
        var removed = 0
        var folders = [(root, 0)]
        while let (folder, depth) = folders.popLast() {
            guard let names = try? files.names(folder) else { continue }
            for name in names {
                let path = folder + "/" + name
                if let process = process(ofTemporary: name) {
                    if process != ownProcess, !isRunning(process), (try? files.remove(path)) != nil { removed += 1 }
                } else if depth < 2, !name.hasPrefix("."), files.kind(path) == .folder {
                    // A link to a folder is not followed: nothing outside the site is touched.
                    folders.append((path, depth + 1))
                }
            }
        }
        return removed
    }

    /// The process id in `.NAME.PID.tmp`; nil for any other name.
    static func process(ofTemporary name: String) -> Int32? {
        guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return nil }
        let parts = name.dropLast(4).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 3, let last = parts.last, !last.isEmpty, last.allSatisfy(\.isASCII),
            let process = Int32(last), process > 0
        else { return nil }
        return process
    }

    /// Whether a process with this id exists (one we may not signal counts as running).
    static func isRunning(_ process: Int32) -> Bool {
        kill(process, 0) == 0 || errno == EPERM
    }
}
