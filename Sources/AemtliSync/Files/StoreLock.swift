import Files
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The store's sync lock: `flock` on `STORE/cloudkit/.lock`, taken without waiting. The lock goes
/// with the process, so a killed sync never leaves the store locked.
final class StoreLock {
    private var descriptor: Int32

    init(path: String) throws {
        descriptor = open(path, O_RDWR | O_CREAT, 0o644)
        guard descriptor >= 0 else { throw SyncError(.cannotWrite(path: path, detail: FileIO.lastErrorText())) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let busy = errno == EWOULDBLOCK
            let detail = FileIO.lastErrorText()
            close(descriptor)
            descriptor = -1
            throw SyncError(busy ? .locked(path: path) : .cannotWrite(path: path, detail: detail))
        }
    }

    func release() {
        guard descriptor >= 0 else { return }
        flock(descriptor, LOCK_UN)
        close(descriptor)
        descriptor = -1
    }

    deinit {
        release()
    }
}
