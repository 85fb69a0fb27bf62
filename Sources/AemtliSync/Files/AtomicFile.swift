import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a file so that a crash leaves the old or the new content, never a mix: a temporary
/// file beside it, fsync, rename over the target, fsync of the folder (unless the caller fsyncs
/// the folder itself before anything depends on the rename, as the pages' commit does).
enum AtomicFile {
    static func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o644, syncingFolder: Bool = true) throws {
        let temporary = path + ".tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, mode)
        guard descriptor >= 0 else { throw SyncError(.cannotWrite(path: temporary, detail: PosixText.lastError())) }
        // The mode is set again so that the umask cannot widen or narrow it.
        var failure = fchmod(descriptor, mode) == 0 ? nil : PosixText.lastError()
        if failure == nil { failure = writeAll(bytes, to: descriptor) }
        if failure == nil && fsync(descriptor) != 0 { failure = PosixText.lastError() }
        close(descriptor)
        if let failure {
            unlink(temporary)
            throw SyncError(.cannotWrite(path: path, detail: failure))
        }
        guard rename(temporary, path) == 0 else {
            let detail = PosixText.lastError()
            unlink(temporary)
            throw SyncError(.cannotWrite(path: path, detail: detail))
        }
        if syncingFolder { try syncFolder(of: path) }
    }

    /// fsync of the folder holding `path`, so a rename or removal in it is durable.
    static func syncFolder(of path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        let descriptor = open(folder.isEmpty ? "." : folder, O_RDONLY)
        guard descriptor >= 0 else { throw SyncError(.cannotWrite(path: folder, detail: PosixText.lastError())) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw SyncError(.cannotWrite(path: folder, detail: PosixText.lastError())) }
    }

    /// nil when every byte was written, else the system's reason.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> String? {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                Foundation.write(descriptor, buffer.baseAddress.map { $0 + offset }, bytes.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                return PosixText.lastError()
            }
            offset += written
        }
        return nil
    }
}

/// The text of the last system error (`strerror(errno)`).
enum PosixText {
    static func lastError() -> String {
        String(cString: strerror(errno))
    }
}
