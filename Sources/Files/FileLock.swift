import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A process's exclusive hold on a file (`flock`), taken without waiting: the store's sync lock,
/// and `serve`'s mark on the folder it serves. The lock goes with the process, so one that was
/// killed leaves nothing held, whatever its file still says.
public final class FileLock {
    /// The locked file, open for reading and writing while the lock is held.
    public private(set) var descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Takes the lock on `path`, making the file with `mode` when missing (its content is left as it
    /// is: it may be another process's); nil when another process holds it. Throws the system's
    /// error when the file cannot be opened or locked for another reason.
    public static func take(_ path: String, mode: UInt16 = 0o644) throws -> FileLock? {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, mode_t(mode))
        guard descriptor >= 0 else { throw FileIO.lastError() }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let error = FileIO.lastError()
            close(descriptor)
            if error.code == .EWOULDBLOCK { return nil }
            throw error
        }
        return FileLock(descriptor: descriptor)
    }

    /// Whether some process holds the lock on `path` now; false when there is no such file.
    public static func isHeld(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_SH | LOCK_NB) != 0 else { return false }
        return errno == EWOULDBLOCK
    }

    public func release() {
        guard descriptor >= 0 else { return }
        flock(descriptor, LOCK_UN)
        close(descriptor)
        descriptor = -1
    }

    deinit {
        release()
    }
}
