import Foundation
import StaticHTTP
import XCTest

final class FileServingTests: XCTestCase {
    func testThePageComesWithItsTypeTagDateAndSafetyHeadersThroughURLSession() throws {
        let site = try TestSite()
        let (response, body) = try site.fetch("/index.html")

        XCTAssertEqual(response.statusCode, 200)
        XCTAssertEqual(String(decoding: body, as: UTF8.self), TestSite.index)
        XCTAssertEqual(response.value(forHTTPHeaderField: "Content-Type"), "text/html; charset=utf-8")
        XCTAssertEqual(response.value(forHTTPHeaderField: "Content-Length"), "\(TestSite.index.utf8.count)")
        XCTAssertEqual(response.value(forHTTPHeaderField: "Cache-Control"), "no-cache")
        XCTAssertEqual(response.value(forHTTPHeaderField: "X-Content-Type-Options"), "nosniff")
        XCTAssertEqual(response.value(forHTTPHeaderField: "Referrer-Policy"), "no-referrer")
        XCTAssertEqual(response.value(forHTTPHeaderField: "Content-Security-Policy"), "default-src 'self'")
        let tag = try XCTUnwrap(response.value(forHTTPHeaderField: "ETag"))
        XCTAssertTrue(tag.hasPrefix("\"") && tag.hasSuffix("\"") && tag.count == 34, tag)
        let date = #"^\w{3}, \d\d \w{3} \d{4} \d\d:\d\d:\d\d GMT$"#
        let modified = response.value(forHTTPHeaderField: "Last-Modified")
        XCTAssertNotNil(modified?.range(of: date, options: .regularExpression), modified ?? "none")
    }

    func testFeedsAreCalendarsAndStyleSheetsNeedNoRevalidation() throws {
        let site = try TestSite()
        let feed = try XCTUnwrap(site.rawGet("/feeds/family.ics"))
        let style = try XCTUnwrap(site.rawGet("/style.css"))

        XCTAssertEqual(feed.headers["content-type"], "text/calendar; charset=utf-8")
        XCTAssertEqual(feed.headers["cache-control"], "no-cache")
        XCTAssertEqual(style.headers["content-type"], "text/css; charset=utf-8")
        XCTAssertNil(style.headers["cache-control"])
        XCTAssertNil(style.headers["content-security-policy"])
    }

    func testTheRootAndAFolderServeTheirIndexAndAFolderWithoutSlashIsRedirected() throws {
        let site = try TestSite()

        XCTAssertEqual(try site.rawGet("/")?.text, TestSite.index)
        XCTAssertEqual(try site.rawGet("/reports/")?.text, "report\n")
        let moved = try XCTUnwrap(site.rawGet("/reports?week=3"))
        XCTAssertEqual(moved.status, 301)
        XCTAssertEqual(moved.headers["location"], "/reports/?week=3")
        XCTAssertEqual(try site.rawGet("/index.html/")?.status, 404)
        XCTAssertEqual(try site.rawGet("/missing.html")?.status, 404)
    }

    func testEveryTraversalFormIsRefusedWithoutTheSecret() throws {
        let site = try TestSite()
        let forms = [
            "/../secret.txt", "/reports/../../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E%2Fsecret.txt",
            "/..%2fsecret.txt", "/%2fsecret.txt", "/..%5csecret.txt", "/..\\secret.txt", "/index.html%00.txt",
            "/.manifest", "/reports/.hidden", "/outside.txt", "/up/secret.txt", "/up/site/index.html",
        ]
        for form in forms {
            let response = try XCTUnwrap(site.rawGet(form), form)
            XCTAssertTrue([400, 404].contains(response.status), "\(form): \(response.status)")
            XCTAssertFalse(response.text.contains("secret outside"), form)
            XCTAssertFalse(response.text.contains("files"), form)
        }
    }

    func testEncodedTraversalThroughURLSessionIsRefusedToo() throws {
        let site = try TestSite()

        XCTAssertEqual(try site.fetch("/%2e%2e/secret.txt").0.statusCode, 400)
        XCTAssertEqual(try site.fetch("/..%2fsecret.txt").0.statusCode, 400)
        XCTAssertEqual(try site.fetch("/.manifest").0.statusCode, 404)
        XCTAssertEqual(try site.fetch("/outside.txt").0.statusCode, 404)
    }

    func testOtherMethodsGet405WithAllow() throws {
        let site = try TestSite()
        let (response, _) = try site.fetch("/index.html", method: "DELETE")
        let raw = try XCTUnwrap(site.rawGet("/index.html", method: "POST", headers: "Content-Length: 0\r\n"))

        XCTAssertEqual(response.statusCode, 405)
        XCTAssertEqual(response.value(forHTTPHeaderField: "Allow"), "GET, HEAD")
        XCTAssertEqual(raw.status, 405)
        XCTAssertEqual(raw.headers["allow"], "GET, HEAD")
        XCTAssertEqual(raw.headers["connection"], "close")
    }

    func testBothConditionalsGive304AndTheTagWinsOverTheDate() throws {
        let site = try TestSite()
        let (first, _) = try site.fetch("/index.html")
        let tag = try XCTUnwrap(first.value(forHTTPHeaderField: "ETag"))
        let modified = try XCTUnwrap(first.value(forHTTPHeaderField: "Last-Modified"))

        XCTAssertEqual(try site.rawGet("/index.html", headers: "If-None-Match: \"x\", \(tag)\r\n")?.status, 304)
        XCTAssertEqual(try site.rawGet("/index.html", headers: "If-None-Match: W/\(tag)\r\n")?.status, 304)
        XCTAssertEqual(try site.rawGet("/index.html", headers: "If-Modified-Since: \(modified)\r\n")?.status, 304)
        XCTAssertEqual(try site.fetch("/index.html", headers: ["If-None-Match": tag]).0.statusCode, 304)
        let both = "If-None-Match: \"other\"\r\nIf-Modified-Since: \(modified)\r\n"
        XCTAssertEqual(try site.rawGet("/index.html", headers: both)?.status, 200)
        let epoch = "If-Modified-Since: Thu, 01 Jan 1970 00:00:00 GMT\r\n"
        XCTAssertEqual(try site.rawGet("/index.html", headers: epoch)?.status, 200)
        let notModified = try XCTUnwrap(site.rawGet("/index.html", headers: "If-None-Match: \(tag)\r\n"))
        XCTAssertEqual(notModified.headers["etag"], tag)
        XCTAssertTrue(notModified.body.isEmpty)
    }

    func testTheTagChangesWithTheContentRenamedOrRewrittenInPlaceAtTheSameSize() throws {
        let site = try TestSite()
        let style = site.folder.appendingPathComponent("style.css")
        let first = try XCTUnwrap(site.rawGet("/style.css")?.headers["etag"])
        try "p{x:0}\n".write(to: style, atomically: true, encoding: .utf8)
        let renamed = try XCTUnwrap(site.rawGet("/style.css"))
        let handle = try FileHandle(forWritingTo: style)
        handle.write(Data("p{x:1}\n".utf8))
        try handle.close()
        let rewritten = try XCTUnwrap(site.rawGet("/style.css"))

        XCTAssertEqual(renamed.text, "p{x:0}\n")
        XCTAssertEqual(rewritten.text, "p{x:1}\n")
        XCTAssertEqual(Set([first, renamed.headers["etag"], rewritten.headers["etag"]]).count, 3)
    }

    func testHeadHasTheLengthAndNoBody() throws {
        let site = try TestSite()
        let client = try site.client()
        client.send("HEAD /index.html HTTP/1.1\r\nHost: localhost\r\n\r\n")
        client.send("GET /style.css HTTP/1.1\r\nHost: localhost\r\n\r\n")
        let head = try XCTUnwrap(client.response(hasBody: false))
        let next = try XCTUnwrap(client.response())

        XCTAssertEqual(head.status, 200)
        XCTAssertEqual(head.headers["content-length"], "\(TestSite.index.utf8.count)")
        XCTAssertEqual(next.status, 200, "a body after HEAD would have been read as the next answer")
        XCTAssertEqual(next.text, "body{}\n")
    }

    func testKeepAliveServesTwoRequestsOnOneSocket() throws {
        let site = try TestSite()
        let client = try site.client()
        client.send("GET /index.html HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let first = try XCTUnwrap(client.response())
        client.send("GET /style.css HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let second = try XCTUnwrap(client.response())

        XCTAssertEqual(first.text, TestSite.index)
        XCTAssertNil(first.headers["connection"])
        XCTAssertEqual(second.text, "body{}\n")
        XCTAssertEqual(site.server.connectionCount, 1)
    }

    func testHTTP10ClosesUnlessAskedToKeepAlive() throws {
        let site = try TestSite()
        let plain = try site.client()
        plain.send("GET /style.css HTTP/1.0\r\n\r\n")
        let kept = try site.client()
        kept.send("GET /style.css HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")

        XCTAssertEqual(plain.response()?.status, 200)
        XCTAssertTrue(plain.closes(within: 2))
        XCTAssertEqual(kept.response()?.headers["connection"], "keep-alive")
        kept.send("GET /style.css HTTP/1.0\r\n\r\n")
        XCTAssertEqual(kept.response()?.status, 200)
    }

    func testAForeignHostGets421AndKnownNamesPass() throws {
        let site = try TestSite()
        let port = site.port

        XCTAssertEqual(try site.rawGet("/", headers: "")?.status, 200)
        for host in ["evil.example", "evil.example:\(port)", "127.0.0.1.evil.example", "[::2]:\(port)"] {
            let client = try site.client()
            client.send("GET / HTTP/1.1\r\nHost: \(host)\r\n\r\n")
            XCTAssertEqual(client.response()?.status, 421, host)
        }
        for host in ["localhost:\(port)", "LOCALHOST.", "127.0.0.1"] {
            let client = try site.client()
            client.send("GET / HTTP/1.1\r\nHost: \(host)\r\n\r\n")
            XCTAssertEqual(client.response()?.status, 200, host)
        }
    }

    func testJunkGets400AndTheConnectionCloses() throws {
        let site = try TestSite()
        for junk in [
            "GARBAGE\r\n\r\n", "GET / HTTP/1.1\r\n\r\n", "\u{16}\u{3}\u{1}\u{0}\u{1}\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n",
        ] {
            let client = try site.client()
            client.send(junk)
            XCTAssertEqual(client.response()?.status, 400, junk)
            XCTAssertTrue(client.closes(within: 3), junk)
        }
    }

    func testTheLogHasOneLinePerRequestWithPrivateFeedNamesHidden() throws {
        let site = try TestSite()
        try "x".write(to: site.folder.appendingPathComponent("feeds/k3j4h5q.ics"), atomically: false, encoding: .utf8)
        _ = try site.rawGet("/feeds/k3j4h5q.ics")
        _ = try site.rawGet("/feeds/family.ics")
        XCTAssertTrue(TestSite.wait { site.logLines.all.count == 2 })
        let lines = site.logLines.all

        XCTAssertEqual(lines.first, "GET /feeds/… 200 1 127.0.0.1")
        XCTAssertTrue(lines.last?.hasPrefix("GET /feeds/family.ics 200 ") == true)
        XCTAssertFalse(lines.joined().contains("k3j4h5q"))
    }

    func testTheHandlerAnswersAemtliPathsWithTheBodyAndOthersThere404() throws {
        let site = try TestSite(handler: { request in
            guard request.path == "/_aemtli/tick" else { return nil }
            return ServerResponse(
                status: 200, headers: [HTTPHeader("Content-Type", "application/json")],
                body: Array("{\"got\":\(request.body.count),\"m\":\"\(request.method)\"}".utf8))
        })
        let client = try site.client()
        client.send("POST /_aemtli/tick HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\n\r\nhello")
        let answer = try XCTUnwrap(client.response())

        XCTAssertEqual(answer.status, 200)
        XCTAssertEqual(answer.text, "{\"got\":5,\"m\":\"POST\"}")
        XCTAssertEqual(answer.headers["cache-control"], "no-store")
        XCTAssertEqual(try site.rawGet("/_aemtli/pair")?.status, 404)
        let large = try XCTUnwrap(site.rawGet("/_aemtli/tick", method: "POST", headers: "Content-Length: 5000\r\n"))
        XCTAssertEqual(large.status, 413)
    }
}
