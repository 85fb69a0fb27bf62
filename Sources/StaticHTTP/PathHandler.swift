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
    private let below: String
    private let answer: @Sendable (ServerRequest) -> ServerResponse?

    public init(under prefix: String, _ answer: @escaping @Sendable (ServerRequest) -> ServerResponse?) {
        var prefix = prefix.hasPrefix("/") ? prefix : "/" + prefix
        while prefix.count > 1 && prefix.hasSuffix("/") { prefix.removeLast() }
        self.prefix = prefix
        below = prefix == "/" ? "/" : prefix + "/"
        self.answer = answer
    }

    public func respond(to request: ServerRequest) -> ServerResponse? {
        guard request.path == prefix || request.path.utf8.starts(with: below.utf8) else { return nil }
        return answer(request) ?? .notFound
    }
}
