/// A handler's answer. For one made with `init(status:headers:body:)` the server adds Date,
/// Connection, Content-Length, its safety headers (nosniff, no-referrer, no framing),
/// `Cache-Control: no-store` unless the answer names its own caching, and its own policy unless
/// the answer names one. `eventStream` and `takeOver` hand the connection on instead.
public struct ServerResponse: Sendable {
    public var status: Int
    public var headers: [HTTPHeader]
    public var body: [UInt8]
    let kind: Kind

    enum Kind: Sendable {
        /// The status, headers and body above.
        case answer
        /// The server's own plain-text answer, with `extra` header lines (each ending with CR LF):
        /// the site's redirects and its 404.
        case plain(text: String, extra: String)
        /// Answered with `reason` and closed the way SPEC §9 asks (`Connection.refuse`).
        case refusal(reason: String, allow: String?)
        /// A file's 200, or its 304: the head made once per version of the file.
        case file(FileVersion)
        case notModified(FileVersion)
        case eventStream
        case takeOver(@Sendable (TakenConnection) -> Void)
    }

    public init(status: Int, headers: [HTTPHeader] = [], body: [UInt8] = []) {
        self.init(status: status, headers: headers, body: body, kind: .answer)
    }

    init(status: Int, headers: [HTTPHeader] = [], body: [UInt8] = [], kind: Kind) {
        self.status = status
        self.headers = headers
        self.body = body
        self.kind = kind
    }

    /// The connection becomes one of the server's event streams (`HTTPServer.publish`), held until
    /// the client leaves or the server stops; a request other than GET is refused with 405.
    public static let eventStream = ServerResponse(status: 200, kind: .eventStream)

    /// The handler takes the connection over: `body` runs on the connection's thread, writes what
    /// it likes (or nothing), and when it returns the server closes the connection.
    public static func takeOver(_ body: @escaping @Sendable (TakenConnection) -> Void) -> ServerResponse {
        ServerResponse(status: 0, kind: .takeOver(body))
    }

    /// What `PathHandler` answers for a path of its own that nothing there answers.
    static let notFound = ServerResponse(
        status: 404, headers: [HTTPHeader("Content-Type", "text/plain; charset=utf-8")],
        body: Array("Not found.\n".utf8)
    )

    /// The header lines every answer of the server carries, whatever it is: no type sniffing,
    /// no referrer sent on from the family's pages, and never inside another site's frame (a page
    /// on another port of the same host must not host the family's pages and click through them).
    static let safetyLines =
        "X-Content-Type-Options: nosniff\r\nReferrer-Policy: no-referrer\r\nX-Frame-Options: DENY\r\n"

    /// The Content-Security-Policy of an answer the server makes itself (an error, the event
    /// stream) or a handler's answer that names none: it loads nothing and is never framed.
    static let ownPolicyLine = "Content-Security-Policy: default-src 'none'; frame-ancestors 'none'\r\n"

    /// Whether the answer names the header `name` itself.
    func names(_ name: String) -> Bool {
        headers.contains { RequestHead.sameName($0.name, name) }
    }
}
