/// What the handler of `/_aemtli/` answers; the server adds Content-Length, Date, Connection and
/// its safety headers (nosniff, no-referrer, no-store).
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
    /// no referrer sent on from the family's pages.
    static let safetyLines = "X-Content-Type-Options: nosniff\r\nReferrer-Policy: no-referrer\r\n"
}
