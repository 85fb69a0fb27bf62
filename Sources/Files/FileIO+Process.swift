import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension FileIO {
    /// The process's working folder, against which relative paths are resolved.
    public static func currentFolder() -> String {
        FileManager.default.currentDirectoryPath
    }

    /// Whether `path` is a file this user may run.
    public static func isExecutable(_ path: String) -> Bool {
        local.kind(path) == .file && access(path, X_OK) == 0
    }
}
