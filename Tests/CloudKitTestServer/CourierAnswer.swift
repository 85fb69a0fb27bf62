/// What the webcourier does with one long poll, whatever server carries it.
package enum CourierAnswer: Equatable {
    case respond(status: Int, contentType: String?, body: [UInt8])
    /// The first `sent` bytes of the answer's body, then the connection closes.
    case cut(status: Int, contentType: String?, body: [UInt8], sent: Int)
    /// The connection closes without an answer.
    case reset
    /// The client has gone: nothing to send.
    case gone

    /// The answer as the tests' HTTP server sends it.
    package var reply: HTTPTestServer.Reply {
        switch self {
        case .respond(let status, let type, let body):
            return .respond(status: status, headers: type.map { [("Content-Type", $0)] } ?? [], body: body)
        case .cut(let status, let type, let body, let sent):
            return .cut(status: status, headers: type.map { [("Content-Type", $0)] } ?? [], body: body, sent: sent)
        case .reset, .gone:
            return .drop
        }
    }
}
