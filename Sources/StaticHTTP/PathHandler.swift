/// Every request under one path (`/api` and everything below `/api/`), answered by a closure. A
/// request there that the closure does not answer gets 404 from here: the path is the handler's
/// alone, never passed on to the handlers after it (the site's files cannot shadow it).
///
///     PathHandler(under: "/api") { request in
///         request.path == "/api/time" ? ServerResponse(status: 200, body: Array("12:00\n".utf8)) : nil
///     }
public struct PathHandler: HTTPHandler {
    /// The path, starting with `/`, without a trailing one; `/` takes every request.
    public let prefix: String
    /// `prefix` as bytes, compared with each request's path byte by byte: no String comparison's
    /// Unicode rules on every request.
    private let bytes: [UInt8]
    private let answer: @Sendable (ServerRequest) -> ServerResponse?

    public init(under prefix: String, _ answer: @escaping @Sendable (ServerRequest) -> ServerResponse?) {
        var prefix = prefix.hasPrefix("/") ? prefix : "/" + prefix
        while prefix.count > 1 && prefix.hasSuffix("/") { prefix.removeLast() }
        self.prefix = prefix
        bytes = Array(prefix.utf8)
        self.answer = answer
    }

    public func respond(to request: ServerRequest) -> ServerResponse? {
        guard isUnder(request.path) else { return nil }
        return answer(request) ?? .notFound
    }

    /// Whether `path` is the prefix or below it: `/api`, `/api/…`, never `/apiary`.
    private func isUnder(_ path: String) -> Bool {
        let slash = UInt8(ascii: "/")
        return path.utf8.withContiguousStorageIfAvailable { path in
            path.starts(with: bytes)
                && (path.count == bytes.count || bytes.count == 1 || path[bytes.count] == slash)
        } ?? (path == prefix || path.hasPrefix(prefix + "/"))
    }
}
