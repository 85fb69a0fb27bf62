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
}
