import Foundation

/// The regular files below a folder with one extension, as paths relative to the folder in byte
/// order (so `a.json` comes before `a/b.json`): how the store and the partials folder are read.
enum FolderListing {
    /// Nil when the folder cannot be listed.
    static func files(in folder: URL, withExtension pathExtension: String) -> [String]? {
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else { return nil }
        let base = folder.standardizedFileURL.path
        var relative: [String] = []
        for case let file as URL in enumerator where file.pathExtension == pathExtension {
            guard (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            relative.append(String(file.standardizedFileURL.path.dropFirst(base.count).drop { $0 == "/" }))
        }
        return relative.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
}
