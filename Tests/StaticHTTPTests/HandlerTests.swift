import Foundation
import StaticHTTP
import XCTest

final class HandlerTests: XCTestCase {
    private static let hello = PathHandler(under: "/app") { request in
        switch request.path {
        case "/app/hello":
            return ServerResponse(
                status: 200, headers: [HTTPHeader("Content-Type", "text/plain; charset=utf-8")],
                body: Array("hi \(request.method) \(request.query ?? "-")\n".utf8))
        case "/app/cached":
            return ServerResponse(
                status: 200,
                headers: [
                    HTTPHeader("Cache-Control", "max-age=60"), HTTPHeader("Content-Security-Policy", "img-src 'self'"),
                ], body: Array("kept\n".utf8))
        default:
            return nil
        }
    }

    func testAHandlersAnswerCarriesTheServersSafetyHeadersAndItsOwnNoStoreAndPolicyUnlessItNamesThem() throws {
        let site = try TestSite(handlers: [Self.hello])
        let hello = try XCTUnwrap(site.rawGet("/app/hello?x=1"))
        let cached = try XCTUnwrap(site.rawGet("/app/cached"))

        XCTAssertEqual(hello.status, 200)
        XCTAssertEqual(hello.text, "hi GET x=1\n")
        XCTAssertEqual(hello.headers["cache-control"], "no-store")
        XCTAssertEqual(hello.headers["content-security-policy"], "default-src 'none'; frame-ancestors 'none'")
        XCTAssertEqual(hello.headers["x-frame-options"], "DENY")
        XCTAssertEqual(hello.headers["x-content-type-options"], "nosniff")
        XCTAssertEqual(hello.headers["referrer-policy"], "no-referrer")
        XCTAssertEqual(cached.headers["cache-control"], "max-age=60")
        XCTAssertEqual(cached.headers["content-security-policy"], "img-src 'self'")
        XCTAssertEqual(cached.headers["x-frame-options"], "DENY")
        let raw = try site.client()
        raw.send("GET /app/cached HTTP/1.1\r\nHost: localhost\r\n\r\n")
        XCTAssertTrue(raw.receive(until: "kept\n"), raw.received)
        XCTAssertEqual(raw.received.components(separatedBy: "Cache-Control:").count, 2, "one Cache-Control line")
    }

    func testAPathHandlersPathIsItsOwnAndTheFilesAnswerTheRest() throws {
        let site = try TestSite(handlers: [Self.hello])
        let app = site.folder.appendingPathComponent("app")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try "file\n".write(to: app.appendingPathComponent("other.txt"), atomically: false, encoding: .utf8)
        try "file\n".write(to: site.folder.appendingPathComponent("apple.txt"), atomically: false, encoding: .utf8)

        let shadowed = try XCTUnwrap(site.rawGet("/app/other.txt"))
        XCTAssertEqual(shadowed.status, 404)
        XCTAssertEqual(shadowed.headers["cache-control"], "no-store")
        XCTAssertEqual(try site.rawGet("/app")?.status, 404)
        XCTAssertEqual(try site.rawGet("/apple.txt")?.text, "file\n", "a name that only starts like the path")
        XCTAssertEqual(try site.rawGet("/style.css")?.text, "body{}\n")
        XCTAssertEqual(try site.rawGet("/app/hello", method: "POST", headers: "Content-Length: 0\r\n")?.status, 200)
    }

    func testAHandlerThatTakesTheConnectionOverSendsWhatItLikesAndTheServerClosesIt() throws {
        let cut = PathHandler(under: "/cut") { _ in
            .takeOver { connection in
                _ = connection.send(Array("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nhalf".utf8))
            }
        }
        let site = try TestSite(handlers: [cut])
        let client = try site.client()
        client.send("GET /cut HTTP/1.1\r\nHost: localhost\r\n\r\n")

        XCTAssertTrue(client.closes(within: 5))
        XCTAssertEqual(client.received, "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nhalf")
        XCTAssertTrue(TestSite.wait { site.server.connectionCount == 0 })
    }

    /// A handler that holds its answer (a long poll) holds its own connection only, and a stop ends
    /// the hold at once.
    func testAHeldAnswerHoldsUpNoOtherRequestAndAStopEndsIt() throws {
        let holding = Flag()
        let hold = PathHandler(under: "/hold") { _ in
            .takeOver { connection in
                holding.set()
                _ = connection.waitForClient(seconds: 30)
            }
        }
        let site = try TestSite(handlers: [hold])
        let held = try site.client()
        held.send("GET /hold HTTP/1.1\r\nHost: localhost\r\n\r\n")
        XCTAssertTrue(TestSite.wait { holding.isSet })

        let start = Date()
        XCTAssertEqual(try site.rawGet("/style.css")?.text, "body{}\n")
        XCTAssertEqual(try site.fetch("/index.html").0.statusCode, 200)
        XCTAssertLessThan(Date().timeIntervalSince(start), 2)
        XCTAssertFalse(held.closes(within: 0.2), "still held")
        XCTAssertEqual(held.received, "")
        site.server.stop(graceSeconds: 5)

        XCTAssertLessThan(Date().timeIntervalSince(start), 3)
        XCTAssertTrue(held.closes(within: 1))
    }

    func testOneRequestPerConnectionClosesEveryAnswersConnection() throws {
        var limits = ServerLimits()
        limits.requestsPerConnection = 1
        let site = try TestSite(limits: limits, handlers: [Self.hello])
        for path in ["/style.css", "/app/hello", "/missing"] {
            let client = try site.client()
            client.send("GET \(path) HTTP/1.1\r\nHost: localhost\r\n\r\n")
            XCTAssertEqual(client.response()?.headers["connection"], "close", path)
            XCTAssertTrue(client.closes(within: 2), path)
        }
    }

    func testABodyLargerThanTheReadBufferReachesTheHandlerWhole() throws {
        var limits = ServerLimits()
        limits.bodyBytes = 1 << 20
        let echo = PathHandler(under: "/echo") { request in
            ServerResponse(status: 200, body: Array("\(request.body.count) \(Set(request.body).sorted())".utf8))
        }
        let site = try TestSite(limits: limits, handlers: [echo])
        let client = try site.client()
        let body = [UInt8](repeating: UInt8(ascii: "x"), count: 300_000) + [UInt8(ascii: "y")]
        client.send("POST /echo HTTP/1.1\r\nHost: localhost\r\nContent-Length: \(body.count)\r\n\r\n")
        client.send(body)

        XCTAssertEqual(client.response()?.text, "300001 [120, 121]")
        let over = try XCTUnwrap(site.rawGet("/echo", method: "POST", headers: "Content-Length: \((1 << 20) + 1)\r\n"))
        XCTAssertEqual(over.status, 413)
    }

    func testAStoppingServerClosesAConnectionThatSentNothingAtOnce() throws {
        let site = try TestSite()
        let silent = try site.client()
        XCTAssertTrue(TestSite.wait { site.server.connectionCount == 1 })
        let start = Date()
        site.server.stop(graceSeconds: 5)

        XCTAssertLessThan(Date().timeIntervalSince(start), 2)
        XCTAssertTrue(silent.closes(within: 1))
    }

    func testNoHandlerAnsweringIs404() throws {
        var configuration = ServerConfiguration(port: 0)
        configuration.handlers = [Self.hello]
        let server = HTTPServer(configuration: configuration)
        try server.start()
        defer { server.stop(graceSeconds: 0) }
        let client = try RawClient(port: server.port)
        client.send("GET /index.html HTTP/1.1\r\nHost: localhost\r\n\r\n")

        let answer = try XCTUnwrap(client.response())
        XCTAssertEqual(answer.status, 404)
        XCTAssertEqual(answer.text, "Not found.\n")
        XCTAssertEqual(answer.headers["x-frame-options"], "DENY")
    }
}
