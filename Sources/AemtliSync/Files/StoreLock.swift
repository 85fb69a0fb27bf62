import Files

/// The store's sync lock: `Files`' `FileLock` on `STORE/cloudkit/.lock`, taken without waiting, its
/// failures said as the sync's own. The lock goes with the process, so a killed sync never leaves
/// the store locked.
final class StoreLock {
    private let lock: FileLock

    init(path: String) throws {
        let taken: FileLock?
        do {
            taken = try FileLock.take(path)
        } catch {
            throw SyncError(.cannotWrite(path: path, detail: FileIO.describe(error)))
        }
        guard let taken else { throw SyncError(.locked(path: path)) }
        lock = taken
    }

    func release() {
        lock.release()
    }
}
