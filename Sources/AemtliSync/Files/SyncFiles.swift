import Files

/// Sync's writes of whole files, through the one file seam and its one atomic write; failures
/// become sync's own error, naming the file and the system's reason.
enum SyncFiles {
    static func write(_ bytes: [UInt8], to path: String, mode: UInt16 = 0o644, flushingFolder: Bool = true) throws {
        do {
            try FileIO.local.writeAtomically(bytes, to: path, mode: mode, flushingFolder: flushingFolder)
        } catch {
            throw SyncError(.cannotWrite(path: path, detail: FileIO.describe(error)))
        }
    }

    /// Flushes the entries of the folder holding `path`, so a rename or removal in it lasts.
    static func flushFolder(of path: String) throws {
        let folder = FileIO.folder(of: path)
        do {
            try FileIO.local.flush(folder)
        } catch {
            throw SyncError(.cannotWrite(path: folder, detail: FileIO.describe(error)))
        }
    }
}
