import StaticHTTP
import XCTest

final class SitePathTests: XCTestCase {
    private func reason(_ target: String) -> HTTPError.Reason? {
        do {
            _ = try SitePath(target: target)
            return nil
        } catch {
            return (error as? HTTPError)?.reason
        }
    }

    func testAPathIsDecodedIntoSegmentsWithItsQueryKept() throws {
        let path = try SitePath(target: "/members/anna%20b.html?v=1%2F2")

        XCTAssertEqual(path.segments, ["members", "anna b.html"])
        XCTAssertFalse(path.endsWithSlash)
        XCTAssertEqual(path.query, "v=1%2F2")
        XCTAssertEqual(path.path, "/members/anna b.html")
    }

    func testTheRootAndFoldersEndWithASlash() throws {
        XCTAssertEqual(try SitePath(target: "/").segments, [])
        XCTAssertTrue(try SitePath(target: "/").endsWithSlash)
        XCTAssertEqual(try SitePath(target: "/reports/").path, "/reports/")
        XCTAssertEqual(try SitePath(target: "/%C3%A4.html").segments, ["ä.html"])
    }

    func testEveryWayOutOfTheFolderIsRefused() {
        XCTAssertEqual(reason("/../secret"), .hiddenSegment("/../secret"))
        XCTAssertEqual(reason("/a/.."), .hiddenSegment("/a/.."))
        XCTAssertEqual(reason("/./index.html"), .hiddenSegment("/./index.html"))
        XCTAssertEqual(reason("/.manifest"), .hiddenSegment("/.manifest"))
        XCTAssertEqual(reason("/%2e%2e/secret"), .encodedSeparatorOrDot("/%2e%2e/secret"))
        XCTAssertEqual(reason("/..%2Fsecret"), .encodedSeparatorOrDot("/..%2Fsecret"))
        XCTAssertEqual(reason("/a%5c..%5csecret"), .encodedSeparatorOrDot("/a%5c..%5csecret"))
        XCTAssertEqual(reason("/index.html%00.txt"), .encodedSeparatorOrDot("/index.html%00.txt"))
        XCTAssertEqual(reason("/a\\..\\secret"), .backslashInPath("/a\\..\\secret"))
        XCTAssertEqual(reason("/a%0A"), .controlCharacterInPath("/a%0A"))
        XCTAssertEqual(reason("/a%FF"), .controlCharacterInPath("/a%FF"))
        XCTAssertEqual(reason("/a%2"), .percentEncodingInvalid("/a%2"))
        XCTAssertEqual(reason("/a%zz"), .percentEncodingInvalid("/a%zz"))
        XCTAssertEqual(reason("//etc/passwd"), .emptySegment("//etc/passwd"))
        XCTAssertEqual(reason("index.html"), .targetNotAPath("index.html"))
    }

    func testNamesBelowAFolderAreHiddenForTheLogExceptTheOnesShown() {
        let hide = ServerConfiguration.hidingNames(below: "/feeds/", except: ["family.ics"])

        XCTAssertEqual(hide("/feeds/k3j4h5.ics"), "/feeds/…")
        XCTAssertEqual(hide("/feeds/family.ics"), "/feeds/family.ics")
        XCTAssertEqual(hide("/feeds/"), "/feeds/")
        XCTAssertEqual(hide("/wall.html"), "/wall.html")
    }
}
