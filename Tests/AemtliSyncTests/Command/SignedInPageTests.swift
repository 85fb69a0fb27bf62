import AemtliApp
import XCTest

/// The page `sync login`'s callback shows the browser comes from `Templates/signed-in.mustache`.
final class SignedInPageTests: XCTestCase {
    func testTheSignedInPageSaysSoAndThatTheTabMayClose() throws {
        let page = String(decoding: try SignedInPage.bytes(), as: UTF8.self)
        XCTAssertTrue(page.hasPrefix("<!DOCTYPE html>"), page)
        XCTAssertTrue(page.contains("<h1>Signed in</h1>"), page)
        XCTAssertTrue(page.contains("You can close this tab."), page)
    }
}
