import Foundation
import StaticHTTP

/// The sign-in callback: StaticHTTP's server on 127.0.0.1:`port` only, with one handler, until the
/// browser's request that carries the token comes (or a time limit passes); that request is
/// answered with `page` (HTML: the app's "signed in" page), and the server stops. Requests without a token (a
/// favicon, a stray visit) get a 404 and the wait goes on; a connection that sends nothing (a
/// browser's preconnect) keeps no other out, since each has its own thread.
public final class CallbackListener: @unchecked Sendable {
    public static let path = "/aemtli/callback"
    private let server: HTTPServer
    private let received: ReceivedToken

    /// Binds the port now, so the address can be printed before the browser is sent off.
    public init(port: Int, page: [UInt8]) throws {
        guard let port = UInt16(exactly: port) else { throw SyncError(.callbackPortInvalid(port)) }
        var limits = ServerLimits()
        limits.connections = 16
        limits.requestsPerConnection = 1
        // How long one connection may take to send its request.
        limits.headSeconds = 5
        let received = ReceivedToken()
        self.received = received
        let callback = PathHandler(under: "/") { request in Self.answer(request, received, page: page) }
        server = HTTPServer(
            configuration: ServerConfiguration(host: "127.0.0.1", port: port, limits: limits, handlers: [callback]))
        do {
            try server.start()
        } catch let error as HTTPError {
            switch error.reason {
            case .listenFailed(_, let detail), .addressInUse(_, let detail):
                throw SyncError(.callbackUnavailable(port: Int(port), detail: detail))
            default:
                throw error
            }
        }
    }

    deinit {
        close()
    }

    public var port: Int { Int(server.port) }
    public var callbackURL: String { "http://127.0.0.1:\(port)\(Self.path)" }

    /// The token from the callback; `SyncError.callbackTimedOut` after `timeLimit` seconds
    /// (measured by `now`).
    public func waitForToken(timeLimit: TimeInterval = 600, now: () -> Date = Date.init) throws -> WebAuthToken {
        defer { close() }
        let deadline = now().addingTimeInterval(timeLimit)
        while true {
            let remaining = deadline.timeIntervalSince(now())
            guard remaining > 0 else {
                throw SyncError(.callbackTimedOut(minutes: max(1, Int((timeLimit / 60).rounded()))))
            }
            if let token = received.wait(seconds: remaining) { return token }
        }
    }

    /// Stops listening; the page of a token that came is sent first (for at most two seconds).
    public func close() {
        server.stop(graceSeconds: 2)
    }

    /// The page for the request that carries a token, which is kept; 404 for any other.
    private static func answer(_ request: ServerRequest, _ received: ReceivedToken, page: [UInt8]) -> ServerResponse {
        if request.path.hasPrefix(path), let query = request.query,
            let token = TokenParameters.token(inAddress: Substring("?" + query))
        {
            received.keep(token)
            return ServerResponse(
                status: 200, headers: [HTTPHeader("Content-Type", "text/html; charset=utf-8")], body: page)
        }
        return ServerResponse(
            status: 404, headers: [HTTPHeader("Content-Type", "text/plain; charset=utf-8")],
            body: Array("Not the sign-in callback.\n".utf8))
    }
}
