import CloudKitWeb
import XCTest

/// The bytes between serve and the child that sends a request: written as the format in
/// `ExchangeFrame`'s comment says (the expected bytes below are typed from it, not from the code),
/// read back whole, and refused, without quoting them, when they are anything else.
final class ExchangeFrameTests: XCTestCase {
    private let post = HTTPRequest(
        method: .post, url: "https://api.example/database/1/x?ckWebAuthToken=secret%2B1",
        headers: [(name: "Content-Type", value: "application/json")], body: Array("{}".utf8))

    func testARequestIsItsHeadLinesThenItsBodyAsItIs() {
        XCTAssertEqual(
            String(decoding: ExchangeFrame.encode(post, connectTimeout: 15, requestTimeout: 60) ?? [], as: UTF8.self),
            "aemtli-request 1\ntimeouts 15.0 60.0\nPOST https://api.example/database/1/x?ckWebAuthToken=secret%2B1\n"
                + "h Content-Type: application/json\nbody 2\n{}")
    }

    func testARequestReadsBackWithItsTimeLimitsAndAGetHasNoBodyAtAll() throws {
        let (request, connect, whole) = try ExchangeFrame.decodeRequest(
            try XCTUnwrap(ExchangeFrame.encode(post, connectTimeout: 75, requestTimeout: 80)))
        XCTAssertEqual(request.method, .post)
        XCTAssertEqual(request.url, post.url)
        XCTAssertEqual(request.headers.map { "\($0.name)=\($0.value)" }, ["Content-Type=application/json"])
        XCTAssertEqual(request.body, Array("{}".utf8))
        XCTAssertEqual([connect, whole], [75, 80])

        let get = HTTPRequest(method: .get, url: "https://api.example/poll", headers: [], body: nil)
        let bytes = try XCTUnwrap(ExchangeFrame.encode(get, connectTimeout: 15, requestTimeout: 60))
        XCTAssertEqual(
            String(decoding: bytes, as: UTF8.self),
            "aemtli-request 1\ntimeouts 15.0 60.0\nGET https://api.example/poll\nno body\n")
        XCTAssertNil(try ExchangeFrame.decodeRequest(bytes).request.body)
    }

    func testAResponseKeepsItsStatusHeadersAndEveryByteOfItsBody() throws {
        let body: [UInt8] = Array(0...255) + Array("\nbody 3\n".utf8)
        let response = HTTPResponse(
            status: 503, headers: [(name: "Retry-After", value: "7"), (name: "X-A", value: "a: b")], body: body)
        let bytes = ExchangeFrame.encode(.success(response))
        let head = "aemtli-response 1\nstatus 503\nh Retry-After: 7\nh X-A: a: b\nbody 264\n"
        XCTAssertEqual(String(decoding: bytes.prefix(head.utf8.count), as: UTF8.self), head)
        XCTAssertEqual(bytes.count, head.utf8.count + 264)
        let read = try ExchangeFrame.decodeResponse(bytes).get()
        XCTAssertEqual(read.status, 503)
        XCTAssertEqual(read.header("retry-after"), "7")
        XCTAssertEqual(read.header("X-A"), "a: b")
        XCTAssertEqual(read.body, body)
    }

    func testEveryTransportErrorAChildCanMeetReadsBackAsItself() throws {
        let reasons: [TransportError.Reason] = [.timedOut, .connectionLost, .cannotConnect, .other(code: -1202)]
        for reason in reasons {
            let bytes = ExchangeFrame.encode(.failure(TransportError(reason)))
            XCTAssertThrowsError(try ExchangeFrame.decodeResponse(bytes).get()) { error in
                XCTAssertEqual(error as? TransportError, TransportError(reason))
            }
        }
        XCTAssertEqual(
            String(decoding: ExchangeFrame.encode(.failure(TransportError(.other(code: -1202)))), as: UTF8.self),
            "aemtli-response 1\nfailed other -1202\n")
    }

    func testAHeaderThatWouldBreakALineIsLeftOut() throws {
        let response = HTTPResponse(
            status: 200, headers: [(name: "X-Bad", value: "a\nstatus 500"), (name: "Good", value: "1")], body: [])
        let read = try ExchangeFrame.decodeResponse(ExchangeFrame.encode(.success(response))).get()
        XCTAssertEqual(read.headers.map(\.name), ["Good"])
        XCTAssertEqual(read.status, 200)
    }

    /// Found by `.ci/fuzz exchange`: a name that starts with a vertical tab was read, and then
    /// left out when written again, since Swift counts it as a line break and the frame does not.
    func testOnlyALineFeedOrACarriageReturnBreaksAHeadersLine() throws {
        let text = "aemtli-response 1\nstatus 200\nh \u{0B}X\u{2028}: a\u{85}b\nh Y\u{301}: \u{301}c\nbody 0\n"
        let read = try ExchangeFrame.decodeResponse(Array(text.utf8)).get()
        XCTAssertEqual(read.headers.map(\.name), ["\u{0B}X\u{2028}", "Y\u{301}"])
        XCTAssertEqual(read.headers.map(\.value), ["a\u{85}b", "\u{301}c"])
        XCTAssertEqual(ExchangeFrame.encode(.success(read)), Array(text.utf8))
    }

    func testAnAddressWithALineBreakMakesNoFrame() {
        let request = HTTPRequest(method: .get, url: "https://a/\nstatus 200", headers: [], body: nil)
        XCTAssertNil(ExchangeFrame.encode(request, connectTimeout: 15, requestTimeout: 60))
    }

    func testAnythingElseIsRefusedNamingTheLineNeverTheContent() {
        let cases: [(String, FrameError.Reason)] = [
            ("", .truncated),
            ("HTTP/1.1 200 OK\n", .notAFrame),
            ("aemtli-response 2\nstatus 200\nbody 0\n", .notAFrame),
            ("aemtli-response 1\nstatus 200\n", .truncated),
            ("aemtli-response 1\nstatus 200\nbody 4\nab", .truncated),
            ("aemtli-response 1\nstatus 200\nbody 2\nabc", .bytesAfterEnd),
            ("aemtli-response 1\nstatus 200\nbody +2\nab", .malformedLine(3)),
            ("aemtli-response 1\nstatus 200\nbody -1\n", .malformedLine(3)),
            ("aemtli-response 1\nstatus 42\nbody 0\n", .malformedLine(2)),
            ("aemtli-response 1\nstatus 200\nh secret-token\nbody 0\n", .malformedLine(3)),
            // Found by `.ci/fuzz exchange`: a header without a name was read.
            ("aemtli-response 1\nstatus 400\nh :  8\nbody 0\n", .malformedLine(3)),
            ("aemtli-response 1\nstatus 400\nh a:b: c\nbody 0\n", .malformedLine(3)),
            ("aemtli-response 1\nstatus 200\nno body\n", .malformedLine(3)),
            ("aemtli-response 1\nstatus 200\r\nbody 0\n", .malformedLine(2)),
            ("aemtli-response 1\nfailed secret\n", .malformedLine(2)),
            ("aemtli-response 1\nfailed timed-out\nmore", .bytesAfterEnd),
            (
                "aemtli-response 1\nstatus 200\nbody 99999999999\n",
                .bodyTooLarge(limit: ExchangeFrame.responseBodyLimit)
            ),
        ]
        for (text, reason) in cases {
            XCTAssertThrowsError(try ExchangeFrame.decodeResponse(Array(text.utf8)), text.debugDescription) { error in
                XCTAssertEqual((error as? FrameError)?.reason, reason, text.debugDescription)
                XCTAssertFalse("\(error)".contains("secret"))
            }
        }
        XCTAssertThrowsError(try ExchangeFrame.decodeResponse(Array("aemtli-response 1\n".utf8) + [0xFF, 0x0A])) {
            XCTAssertEqual(($0 as? FrameError)?.reason, .malformedLine(2))
        }
    }

    func testALineOrAHeaderCountPastItsLimitIsRefused() {
        let long =
            "aemtli-response 1\nstatus 200\nh X: " + String(repeating: "a", count: ExchangeFrame.lineLimit) + "\n"
        XCTAssertThrowsError(try ExchangeFrame.decodeResponse(Array(long.utf8))) {
            XCTAssertEqual(($0 as? FrameError)?.reason, .lineTooLong(3))
        }
        let many =
            "aemtli-response 1\nstatus 200\n" + String(repeating: "h X: 1\n", count: ExchangeFrame.headerLimit + 1)
            + "body 0\n"
        XCTAssertThrowsError(try ExchangeFrame.decodeResponse(Array(many.utf8))) {
            XCTAssertEqual(($0 as? FrameError)?.reason, .tooManyHeaders(ExchangeFrame.headerLimit))
        }
    }

    func testARequestFrameIsRefusedWhenItsPartsDisagree() {
        let cases: [(String, FrameError.Reason)] = [
            ("aemtli-request 1\ntimeouts 15 60\nGET https://a/\nbody 0\n", .malformedLine(4)),
            ("aemtli-request 1\ntimeouts 15 60\nPOST https://a/\nno body\n", .malformedLine(4)),
            ("aemtli-request 1\ntimeouts 0 60\nGET https://a/\nno body\n", .malformedLine(2)),
            ("aemtli-request 1\ntimeouts 15 inf\nGET https://a/\nno body\n", .malformedLine(2)),
            ("aemtli-request 1\ntimeouts 15 60\nDELETE https://a/?secret\nno body\n", .malformedLine(3)),
            ("aemtli-request 1\ntimeouts 15 60\nGET \nno body\n", .malformedLine(3)),
            ("aemtli-response 1\nstatus 200\nbody 0\n", .notAFrame),
        ]
        for (text, reason) in cases {
            XCTAssertThrowsError(try ExchangeFrame.decodeRequest(Array(text.utf8)), text.debugDescription) { error in
                XCTAssertEqual((error as? FrameError)?.reason, reason, text.debugDescription)
                XCTAssertFalse("\(error)".contains("secret"))
            }
        }
    }
}
