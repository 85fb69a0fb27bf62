import Foundation

extension FileIO {
    /// Removes `path` and everything below it (a folder's files first, then the folder); a path
    /// that is not there is no error. A symbolic link is removed, never followed.
    public func removeTree(_ path: String) throws {
        if kind(path) == .folder {
            for name in try names(path) { try removeTree(path + "/" + name) }
        }
        do {
            try remove(path)
        } catch let error as POSIXError where error.code == .ENOENT {}
    }
}
