import Foundation
import StaticHTTP

/// A small HTTP/1.1 server on 127.0.0.1 for tests: StaticHTTP's own server, with one handler that
/// takes every request and maps `handler`'s reply onto an answer. Requests are answered at once
/// beside each other (a thread per connection), so a held one (a long poll, the `hold` fault)
/// holds up no other. Every answer closes its connection: on a kept one, a client whose request a
/// fault dropped could send it again by itself, and the test would see two where the app sent one.
/// Started by `init`, stopped by `stop()`.
package final class HTTPTestServer: @unchecked Sendable {
    package enum Reply: Sendable {
        case respond(status: Int, headers: [(String, String)], body: [UInt8])
        /// Close the connection without a word, as a dropped network would.
        case drop
        /// Answer nothing until the client goes away (a killed process), `seconds` pass or the
        /// server stops, then close.
        case hold(seconds: Double)
        /// The answer `body` gives, which may wait for it (a long poll); `body` is told whether the
        /// client has gone meanwhile, and `cut` sends only the first `sent` bytes of a body.
        case waiting(@Sendable (_ clientGone: @escaping () -> Bool) -> Reply)
        case cut(status: Int, headers: [(String, String)], body: [UInt8], sent: Int)
    }

    private let server: HTTPServer

    package var port: Int { Int(server.port) }
    package var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Listens on `port`, or on one the system picks when it is 0.
    package init(port: UInt16 = 0, handler: @escaping @Sendable (ServerRequest) -> Reply) throws {
        var limits = ServerLimits()
        limits.requestsPerConnection = 1
        // What a sync sends (a write, a page request) is beyond the 4 KiB a tick needs.
        limits.bodyBytes = 4 << 20
        let everything = PathHandler(under: "/") { request in Self.answer(handler(request)) }
        server = HTTPServer(
            configuration: ServerConfiguration(host: "127.0.0.1", port: port, limits: limits, handlers: [everything]))
        try server.start()
    }

    package func stop() {
        server.stop(graceSeconds: 1)
    }

    private static func answer(_ reply: Reply) -> ServerResponse {
        switch reply {
        case .respond(let status, let headers, let body):
            return ServerResponse(status: status, headers: headers.map { HTTPHeader($0.0, $0.1) }, body: body)
        case .drop:
            return .takeOver { _ in }
        case .hold(let seconds):
            return .takeOver { connection in _ = connection.waitForClient(seconds: seconds) }
        case .waiting, .cut:
            return .takeOver { connection in write(reply, on: connection) }
        }
    }

    /// `reply` written by hand on a connection taken over: a long poll's answer once it has one,
    /// or a cut one. A client that sends more or leaves while it waits counts as gone.
    private static func write(_ reply: Reply, on connection: TakenConnection) {
        func head(_ status: Int, _ headers: [(String, String)], length: Int) -> [UInt8] {
            TakenConnection.head(status: status, headers: headers.map { HTTPHeader($0.0, $0.1) }, contentLength: length)
        }
        switch reply {
        case .respond(let status, let headers, let body):
            _ = connection.send(head(status, headers, length: body.count) + body)
        case .drop:
            return
        case .hold(let seconds):
            _ = connection.waitForClient(seconds: seconds)
        case .waiting(let body):
            write(body({ connection.waitForClient(seconds: 0) }), on: connection)
        case .cut(let status, let headers, let body, let sent):
            _ = connection.send(head(status, headers, length: body.count) + body.prefix(sent))
        }
    }
}
