import StaticHTTP
import XCTest

final class RequestHeadTests: XCTestCase {
    private func parse(_ text: String) throws -> RequestHead {
        try RequestHead.parse(Array(text.utf8))
    }

    private func reason(_ text: String) -> HTTPError.Reason? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return (error as? HTTPError)?.reason
        }
    }

    func testAPlainGetGivesMethodTargetHostAndKeepAlive() throws {
        let head = try parse("GET /wall.html?x=1 HTTP/1.1\r\nHost: kitchen.local:8080\r\nAccept: */*\r\n\r\n")

        XCTAssertEqual(head.method, "GET")
        XCTAssertEqual(head.target, "/wall.html?x=1")
        XCTAssertEqual(head.minorVersion, 1)
        XCTAssertEqual(head.host, "kitchen.local:8080")
        XCTAssertEqual(head.contentLength, 0)
        XCTAssertTrue(head.keepAlive)
        XCTAssertEqual(head.value(of: "accept"), "*/*")
    }

    func testConnectionCloseEndsKeepAliveAndHTTP10KeepsItOnlyWhenAsked() throws {
        XCTAssertFalse(try parse("GET / HTTP/1.1\r\nHost: a\r\nConnection: Keep-Alive, Close\r\n\r\n").keepAlive)
        XCTAssertFalse(try parse("GET / HTTP/1.0\r\n\r\n").keepAlive)
        XCTAssertTrue(try parse("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n").keepAlive)
        XCTAssertNil(try parse("GET / HTTP/1.0\r\n\r\n").host)
    }

    func testFieldValuesLoseTheirSurroundingWhitespaceAndEmptyLinesBeforeTheRequestAreSkipped() throws {
        let head = try parse("\r\nPOST /_aemtli/tick HTTP/1.1\r\nHost: a\r\nContent-Length:  12 \t\r\nX-Empty:\r\n\r\n")

        XCTAssertEqual(head.contentLength, 12)
        XCTAssertEqual(head.value(of: "x-empty"), "")
    }

    func testMalformedRequestLinesAreRefused() {
        XCTAssertEqual(reason("GET  / HTTP/1.1\r\nHost: a\r\n\r\n"), .requestLineMalformed("GET  / HTTP/1.1"))
        XCTAssertEqual(reason("GET /\r\n\r\n"), .requestLineMalformed("GET /"))
        XCTAssertEqual(reason("G(T / HTTP/1.1\r\nHost: a\r\n\r\n"), .methodInvalid("G(T"))
        XCTAssertEqual(reason("GET http://evil/ HTTP/1.1\r\nHost: a\r\n\r\n"), .targetNotAPath("http://evil/"))
        XCTAssertEqual(reason("GET * HTTP/1.1\r\nHost: a\r\n\r\n"), .targetNotAPath("*"))
        XCTAssertEqual(reason("GET / HTTP/2.0\r\nHost: a\r\n\r\n"), .versionUnsupported("HTTP/2.0"))
        XCTAssertEqual(reason("GET / FTP/1.1\r\nHost: a\r\n\r\n"), .requestLineMalformed("GET / FTP/1.1"))
        XCTAssertEqual(reason("\u{1}\u{2}\u{3}\r\n\r\n"), .requestLineMalformed("\u{1}\u{2}\u{3}"))
    }

    func testHeadersThatCouldBeReadTwoWaysAreRefused() {
        XCTAssertEqual(reason("GET / HTTP/1.1\r\nHost : a\r\n\r\n"), .headerMalformed("Host : a"))
        XCTAssertEqual(reason("GET / HTTP/1.1\r\nHost: a\r\n folded\r\n\r\n"), .headerMalformed(" folded"))
        XCTAssertEqual(reason("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n"), .headerRepeated("Host"))
        XCTAssertEqual(
            reason("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\ncontent-length: 1\r\n\r\n"),
            .headerRepeated("content-length"))
        XCTAssertEqual(reason("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: -1\r\n\r\n"), .contentLengthInvalid("-1"))
        XCTAssertEqual(
            reason("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 99999999999999999\r\n\r\n"),
            .contentLengthInvalid("99999999999999999"))
        XCTAssertEqual(
            reason("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"),
            .transferEncodingUnsupported("chunked"))
        XCTAssertEqual(reason("GET / HTTP/1.1\r\nHost: a\nX: b\r\n\r\n"), .headerMalformed("Host: a\nX: b"))
        XCTAssertEqual(reason("GET / HTTP/1.1\r\nX: a\u{0}b\r\nHost: a\r\n\r\n"), .headerMalformed("X: a\u{0}b"))
        XCTAssertEqual(reason("GET / HTTP/1.1\r\nAccept: */*\r\n\r\n"), .hostMissing)
        XCTAssertEqual(reason("GET / HTTP/1.1\r\nHost: a\r\n"), .headerMalformed(""))
    }

    func testTheHeadsEndIsFoundAcrossReadsAndOnlyWhenWhole() {
        let bytes = Array("GET / HTTP/1.1\r\nHost: a\r\n\r\nGET".utf8)
        bytes.withUnsafeBytes { raw in
            XCTAssertEqual(RequestHead.length(in: raw), 27)
            XCTAssertEqual(RequestHead.length(in: raw, searchingFrom: 25), 27)
            XCTAssertNil(RequestHead.length(in: UnsafeRawBufferPointer(rebasing: raw[0..<26])))
        }
    }

    func testErrorsNameThePlaceAndShowControlBytesAsEscapes() {
        let error = HTTPError(.headerMalformed("X: a\u{0}b"))

        XCTAssertEqual(error.description, "The header line \"X: a\\x00b\" is not NAME: VALUE.")
        XCTAssertEqual(error.status, 400)
        XCTAssertEqual(HTTPError(.headTooLarge(limit: 16)).status, 431)
    }
}
