/// A request under `/_aemtli/` (other than the event stream) as the server's handler sees it:
/// the head already checked, the body whole and within `ServerLimits.bodyBytes`.
public struct ServerRequest: Sendable {
    public var method: String
    /// The decoded path, starting with `/_aemtli/`.
    public var path: String
    /// What followed `?`, still encoded.
    public var query: String?
    public var headers: [HTTPHeader]
    public var body: [UInt8]
    /// The peer's address, as text.
    public var client: String

    public init(
        method: String, path: String, query: String?, headers: [HTTPHeader], body: [UInt8], client: String
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.client = client
    }

    /// The first value of the field `name` (compared without case).
    public func value(of name: String) -> String? {
        headers.first { RequestHead.sameName($0.name, name) }?.value
    }
}
