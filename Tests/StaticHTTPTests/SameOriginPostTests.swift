import StaticHTTP
import XCTest

/// The checks every write to the server's own paths passes (SPEC §10), on hand-made requests.
final class SameOriginPostTests: XCTestCase {
    private func request(_ headers: [(String, String)], method: String = "POST") -> ServerRequest {
        ServerRequest(
            method: method, path: "/_aemtli/tick", query: nil, headers: headers.map { HTTPHeader($0.0, $0.1) },
            body: [], client: "127.0.0.1")
    }

    private let good = [
        ("Host", "192.168.1.5:8080"), ("Origin", "http://192.168.1.5:8080"), ("Content-Type", "application/json"),
    ]

    func testOnlyAPostOfJSONFromTheSitesOwnOriginPasses() {
        XCTAssertNil(SameOriginPost.refusal(request(good)))
        XCTAssertNil(SameOriginPost.refusal(request(good + [("Sec-Fetch-Site", "same-origin")])))
        XCTAssertNil(
            SameOriginPost.refusal(
                request([good[0], good[1], ("content-type", "application/json; charset=utf-8")])))
        XCTAssertEqual(SameOriginPost.refusal(request(good, method: "GET")), 405)
        XCTAssertEqual(SameOriginPost.refusal(request([good[0], good[2]])), 403, "no Origin")
        XCTAssertEqual(
            SameOriginPost.refusal(request([good[0], ("Origin", "http://evil.example"), good[2]])), 403)
        XCTAssertEqual(
            SameOriginPost.refusal(request([good[0], ("Origin", "https://192.168.1.5:8080"), good[2]])), 403)
        XCTAssertEqual(SameOriginPost.refusal(request(good + [("Sec-Fetch-Site", "cross-site")])), 403)
        XCTAssertEqual(SameOriginPost.refusal(request([good[0], good[1], ("Content-Type", "text/plain")])), 415)
        XCTAssertEqual(
            SameOriginPost.refusal(request([good[0], good[1], ("Content-Type", "application/jsonx")])), 415)
    }

    func testTheDeviceCookieIsFoundAmongOthers() {
        let cookies = request([("Cookie", "theme=dark; aemtli_device=abc_DEF-123 ;other=1")])
        XCTAssertEqual(SameOriginPost.cookie("aemtli_device", in: cookies), "abc_DEF-123")
        XCTAssertNil(SameOriginPost.cookie("aemtli", in: cookies))
        XCTAssertNil(SameOriginPost.cookie("aemtli_device", in: request([])))
    }
}
