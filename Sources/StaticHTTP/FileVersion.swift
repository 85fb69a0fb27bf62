import Digest

/// One version of one file as read whole from one open descriptor, with what its answers need:
/// the bytes, their tag, the modification time and the head of a 200 answer except the lines
/// that depend on the request. Kept while the file on disk is still that version.
final class FileVersion: @unchecked Sendable {
    /// Device, inode, size, and modification and change times in nanoseconds: a file renamed into
    /// place is a new inode, one rewritten in place has a new change time.
    struct Identity: Equatable {
        var device: UInt64
        var inode: UInt64
        var size: Int
        var modified: Int64
        var changed: Int64
    }

    let identity: Identity
    let bytes: [UInt8]
    /// The strong tag, quoted: `"…"`.
    let etag: String
    /// Whole seconds since 1970, as Last-Modified carries them.
    let modifiedSeconds: Int
    /// The 200 head's header lines (each ending with CR LF) except Date and Connection.
    let headerLines: [UInt8]
    /// The same, for a 304: without Content-Type and Content-Length.
    let notModifiedLines: [UInt8]

    init(identity: Identity, bytes: [UInt8], name: String, headers: [HTTPHeader]) {
        self.identity = identity
        self.bytes = bytes
        // A tag only has to change when the bytes behind a path change; half of SHA-256 does.
        etag = "\"" + SHA256.hexDigest(bytes).prefix(32) + "\""
        modifiedSeconds = Int(identity.modified / 1_000_000_000)
        let type = ContentType.of(name: name)
        var shared = "ETag: \(etag)\r\nLast-Modified: \(HTTPDate.format(modifiedSeconds))\r\n"
        if type.revalidate { shared += "Cache-Control: no-cache\r\n" }
        shared += ServerResponse.safetyLines
        for header in headers { shared += "\(header.name): \(header.value)\r\n" }
        headerLines = Array("Content-Type: \(type.type)\r\nContent-Length: \(bytes.count)\r\n\(shared)".utf8)
        notModifiedLines = Array(shared.utf8)
    }

    /// Whether a request's conditionals let it be answered 304: If-None-Match when present
    /// (any listed tag, weak or strong, or `*`), else If-Modified-Since at or after the file's time.
    func isNotModified(ifNoneMatch: String?, ifModifiedSince: String?) -> Bool {
        if let ifNoneMatch {
            return ifNoneMatch.split(separator: ",").contains { candidate in
                var tag = candidate.drop { $0 == " " || $0 == "\t" }
                while tag.last == " " || tag.last == "\t" { tag = tag.dropLast() }
                if tag.hasPrefix("W/") { tag = tag.dropFirst(2) }
                return tag == "*" || tag == etag
            }
        }
        if let ifModifiedSince, let since = HTTPDate.parse(ifModifiedSince) {
            return modifiedSeconds <= since
        }
        return false
    }
}
