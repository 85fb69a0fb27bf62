import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The files of the site folder as a handler, the one that comes last: GET and HEAD of any path
/// (405 for other methods), answered with a file, a redirect to a folder's slash, or 404. Opened so
/// that nothing outside the folder or hidden in it can be read, and kept in memory by version.
///
/// Each lookup opens the folder by its path again (a build may replace the folder itself), then
/// each segment with `openat` and `O_NOFOLLOW`, so a symlink anywhere below the folder is refused
/// without a `realpath` per request, and a rename during the walk cannot lead elsewhere. The file
/// is read whole from the one descriptor it was opened as: its bytes are one version even while a
/// build renames a new one into place. A version whose identity (inode, size, times) is still the
/// one on disk is answered from memory.
public final class SiteFolder: HTTPHandler, @unchecked Sendable {
    enum Lookup {
        case file(FileVersion)
        /// A folder named without its trailing slash: relative links in its index need one.
        case folder
        case notFound
    }

    let root: String
    private let headers: @Sendable (String) -> [HTTPHeader]
    private let cacheLimit: Int
    private let fileLimit: Int
    private let lock = NSLock()
    private var cache: [String: FileVersion] = [:]
    private var cachedBytes = 0

    /// Serves the files in `root`. `headers` gives the header fields a file's answers carry beyond
    /// the server's own (a page's Content-Security-Policy), asked once per version with the served
    /// path alone: a header is made from what the caller knows of that path, never from the file's
    /// bytes, which record text (a chore's title) may have shaped. At most `cacheBytes` of files
    /// are kept in memory; a file larger than `fileBytes` is not served.
    public init(
        root: String, headers: @escaping @Sendable (_ path: String) -> [HTTPHeader] = { _ in [] },
        cacheBytes: Int = 64 * 1024 * 1024, fileBytes: Int = 32 * 1024 * 1024
    ) {
        self.root = root
        self.headers = headers
        cacheLimit = cacheBytes
        fileLimit = fileBytes
    }

    public func respond(to request: ServerRequest) -> ServerResponse? {
        guard request.method == "GET" || request.method == "HEAD" else {
            return ServerResponse(
                status: 405, kind: .refusal(reason: "Files are read with GET or HEAD.", allow: "GET, HEAD"))
        }
        guard let path = request.target ?? Self.read(request) else {
            return ServerResponse(status: 404, kind: .plain(text: "Not found.\n", extra: ""))
        }
        switch lookup(path) {
        case .file(let version):
            let notModified = version.isNotModified(
                ifNoneMatch: request.value(of: "If-None-Match"),
                ifModifiedSince: request.value(of: "If-Modified-Since"))
            return ServerResponse(
                status: notModified ? 304 : 200, kind: notModified ? .notModified(version) : .file(version))
        case .folder:
            let location = path.path + "/" + (path.query.map { "?" + $0 } ?? "")
            return ServerResponse(
                status: 301, kind: .plain(text: "Moved to \(location).\n", extra: "Location: \(location)\r\n"))
        case .notFound:
            return ServerResponse(status: 404, kind: .plain(text: "Not found.\n", extra: ""))
        }
    }

    /// The path of a request made by hand (a test's), which the server has not read.
    private static func read(_ request: ServerRequest) -> SitePath? {
        try? SitePath(target: request.path + (request.query.map { "?" + $0 } ?? ""))
    }

    func lookup(_ path: SitePath) -> Lookup {
        var folder = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { return .notFound }
        defer { close(folder) }
        for segment in path.segments.dropLast() {
            let next = openat(folder, segment, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard next >= 0 else { return .notFound }
            close(folder)
            folder = next
        }
        var servedPath = path.path
        var name = path.segments.last ?? "index.html"
        var descriptor: Int32
        if let last = path.segments.last {
            descriptor = openat(folder, last, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        } else {
            descriptor = openat(folder, "index.html", O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            servedPath = "/index.html"
        }
        guard descriptor >= 0, var status = Self.status(of: descriptor) else {
            if descriptor >= 0 { close(descriptor) }
            return .notFound
        }
        if Self.isFolder(status) && !path.segments.isEmpty {
            guard path.endsWithSlash else {
                close(descriptor)
                return .folder
            }
            let index = openat(descriptor, "index.html", O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            close(descriptor)
            guard index >= 0, let indexStatus = Self.status(of: index) else {
                if index >= 0 { close(index) }
                return .notFound
            }
            descriptor = index
            status = indexStatus
            servedPath += "index.html"
            name = "index.html"
        } else if path.endsWithSlash && !path.segments.isEmpty {
            close(descriptor)
            return .notFound
        }
        defer { close(descriptor) }
        guard Self.isRegularFile(status), Int(status.st_size) <= fileLimit else { return .notFound }
        return version(of: descriptor, status: status, path: servedPath, name: name).map { .file($0) } ?? .notFound
    }

    private func version(of descriptor: Int32, status: stat, path: String, name: String) -> FileVersion? {
        let identity = Self.identity(status)
        lock.lock()
        let known = cache[path]
        lock.unlock()
        if let known, known.identity == identity { return known }
        guard let bytes = readWhole(descriptor, expected: identity.size),
            let after = Self.status(of: descriptor)
        else { return nil }
        let version = FileVersion(identity: identity, bytes: bytes, name: name, headers: headers(path))
        // A file changed in place while it was read is answered this once but not kept.
        guard Self.identity(after) == identity, bytes.count == identity.size else { return version }
        lock.lock()
        if cachedBytes + bytes.count > cacheLimit {
            cache.removeAll()
            cachedBytes = 0
        }
        cachedBytes += bytes.count - (cache[path]?.bytes.count ?? 0)
        cache[path] = version
        lock.unlock()
        return version
    }

    private func readWhole(_ descriptor: Int32, expected: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: expected + 1)
        var count = 0
        while true {
            if count == bytes.count {
                guard bytes.count <= fileLimit else { return nil }
                bytes += [UInt8](repeating: 0, count: bytes.count)
            }
            let read = bytes.withUnsafeMutableBytes {
                pread(descriptor, $0.baseAddress! + count, $0.count - count, off_t(count))
            }
            if read < 0 && errno == EINTR { continue }
            guard read >= 0 else { return nil }
            if read == 0 { break }
            count += read
        }
        bytes.removeLast(bytes.count - count)
        return bytes
    }

    private static func status(of descriptor: Int32) -> stat? {
        var status = stat()
        return fstat(descriptor, &status) == 0 ? status : nil
    }

    private static func isFolder(_ status: stat) -> Bool {
        status.st_mode & S_IFMT == S_IFDIR
    }

    private static func isRegularFile(_ status: stat) -> Bool {
        status.st_mode & S_IFMT == S_IFREG
    }

    private static func identity(_ status: stat) -> FileVersion.Identity {
        #if canImport(Darwin)
        let modified = status.st_mtimespec
        let changed = status.st_ctimespec
        #else
        let modified = status.st_mtim
        let changed = status.st_ctim
        #endif
        return FileVersion.Identity(
            device: UInt64(truncatingIfNeeded: status.st_dev),
            inode: UInt64(truncatingIfNeeded: status.st_ino), size: Int(status.st_size),
            modified: Int64(modified.tv_sec) * 1_000_000_000 + Int64(modified.tv_nsec),
            changed: Int64(changed.tv_sec) * 1_000_000_000 + Int64(changed.tv_nsec))
    }
}
