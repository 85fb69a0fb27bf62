import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A process's exclusive hold on a file (`flock`), the one lock helper: the store's sync lock and
/// `serve`'s mark on the folder it serves (taken without waiting), and the tick state folder's
/// lock (waited for, held for a read and write of one file). The lock goes with the process, so
/// one that was killed leaves nothing held, whatever its file still says. Each hold opens the file
/// anew, so two holders in one process exclude each other as two processes do.
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

    /// Takes the lock on `path` as `take` does, but waits while another holder has it: for a lock
    /// held only as long as a few small files are read and written.
    public static func takeWaiting(_ path: String, mode: UInt16 = 0o644) throws -> FileLock {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, mode_t(mode))
        guard descriptor >= 0 else { throw FileIO.lastError() }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                let error = FileIO.lastError()
                close(descriptor)
                throw error
            }
        }
        return FileLock(descriptor: descriptor)
    }

    /// Replaces the locked file's content in place (a rename would put another file under the name
    /// and leave the lock on the old one): what its holder says of itself, for others to read.
    public func replaceContent(_ bytes: [UInt8]) throws {
        guard ftruncate(descriptor, 0) == 0 else { throw FileIO.lastError() }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes {
                pwrite(descriptor, $0.baseAddress! + offset, $0.count - offset, off_t(offset))
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw FileIO.lastError()
            }
            offset += written
        }
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
