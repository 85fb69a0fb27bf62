/// What the handler of `/_aemtli/` answers; the server adds Content-Length, Date, Connection and
/// its safety headers (nosniff, no-referrer, no-store, no framing), and its own policy when the
/// answer names none.
public struct ServerResponse: Sendable {
    public var status: Int
    public var headers: [HTTPHeader]
    public var body: [UInt8]

    public init(status: Int, headers: [HTTPHeader] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The header lines every answer of the server carries, whatever it is: no type sniffing,
    /// no referrer sent on from the family's pages, and never inside another site's frame (a page
    /// on another port of the same host must not host the family's pages and click through them).
    static let safetyLines =
        "X-Content-Type-Options: nosniff\r\nReferrer-Policy: no-referrer\r\nX-Frame-Options: DENY\r\n"

    /// The Content-Security-Policy of an answer the server makes itself (an error, the event
    /// stream) or a handler's answer that names none: it loads nothing and is never framed.
    static let ownPolicyLine = "Content-Security-Policy: default-src 'none'; frame-ancestors 'none'\r\n"

    /// Whether the answer names a Content-Security-Policy of its own.
    var namesPolicy: Bool {
        headers.contains { $0.name.lowercased() == "content-security-policy" }
    }
}
