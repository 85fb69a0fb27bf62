/// A request as a handler sees it: the head already checked (its target a path inside the site,
/// its Host one of the server's names), the body whole and within `ServerLimits.bodyBytes`. A
/// class, so that asking one handler after another hands on a reference, not a copy of each field.
public final class ServerRequest: Sendable {
    public let method: String
    /// The decoded path, starting with `/`.
    public let path: String
    /// What followed `?`, still encoded.
    public let query: String?
    public let headers: [HTTPHeader]
    public let body: [UInt8]
    /// The peer's address, as text.
    public let client: String
    /// The path as the server read it, so that the site's files need not read it again; nil for a
    /// request made by hand (a test's).
    let target: SitePath?

    public convenience init(
        method: String, path: String, query: String?, headers: [HTTPHeader], body: [UInt8], client: String
    ) {
        self.init(method: method, path: path, query: query, headers: headers, body: body, client: client, target: nil)
    }

    init(
        method: String, path: String, query: String?, headers: [HTTPHeader], body: [UInt8], client: String,
        target: SitePath?
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.client = client
        self.target = target
    }

    /// The first value of the field `name` (compared without case).
    public func value(of name: String) -> String? {
        headers.first { RequestHead.sameName($0.name, name) }?.value
    }
}
