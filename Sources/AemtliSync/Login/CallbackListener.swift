import Foundation

/// The sign-in callback: listens on 127.0.0.1:`port` only, waits (up to a time limit) for the
/// browser's request that carries the token, answers it with a short "signed in" page and stops.
/// Requests without a token (a favicon, a stray visit) get a 404 and the wait goes on.
public final class CallbackListener: @unchecked Sendable {
    public static let path = "/aemtli/callback"
    private let socket: LoopbackSocket

    /// Binds the port now, so the address can be printed before the browser is sent off.
    public init(port: Int) throws {
        guard let port = UInt16(exactly: port) else { throw SyncError(.callbackPortInvalid(port)) }
        socket = try LoopbackSocket(port: port)
    }

    public var port: Int { Int(socket.port) }
    public var callbackURL: String { "http://127.0.0.1:\(port)\(Self.path)" }

    /// The token from the callback; `SyncError.callbackTimedOut` after `timeLimit` seconds
    /// (measured by `now`).
    public func waitForToken(timeLimit: TimeInterval = 600, now: () -> Date = Date.init) throws -> WebAuthToken {
        defer { socket.close() }
        let deadline = now().addingTimeInterval(timeLimit)
        while true {
            let remaining = deadline.timeIntervalSince(now())
            guard remaining > 0, let connection = socket.accept(timeout: remaining) else {
                throw SyncError(.callbackTimedOut(minutes: max(1, Int((timeLimit / 60).rounded()))))
            }
            guard let request = LoopbackSocket.readRequest(from: connection, limit: 64 << 10),
                let line = request.lines.first
            else {
                LoopbackSocket.respond(connection, status: 400, headers: [], body: [])
                continue
            }
            let parts = line.split(separator: " ")
            if parts.count >= 2, parts[1].hasPrefix(Self.path), let token = TokenParameters.token(inAddress: parts[1]) {
                LoopbackSocket.respond(
                    connection, status: 200, headers: [("Content-Type", "text/html; charset=utf-8")],
                    body: Array(Self.page.utf8))
                return token
            }
            LoopbackSocket.respond(
                connection, status: 404, headers: [("Content-Type", "text/plain; charset=utf-8")],
                body: Array("Not the sign-in callback.\n".utf8))
        }
    }

    public func close() {
        socket.close()
    }

    static let page = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>aemtli: signed in</title></head>
        <body><main><h1>Signed in</h1><p>aemtli can now read the family's chores. You can close this tab.</p></main></body></html>

        """
}
