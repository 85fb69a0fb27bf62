import Foundation
import XCTest

@testable import AemtliSite

/// The wall script's CSP hash against one worked out with another implementation (Python's hashlib
/// over the script as written in wall.html).
final class PageScriptPolicyTests: XCTestCase {
    /// The expected hash is python's hashlib over the script's text, base64 as CSP writes it.
    func testThePageScriptsPolicyAllowsExactlyItsHashAndItsStream() {
        XCTAssertEqual(PageScript.hashSource, "'sha256-ptsyWmaWTquqGogA6nXhGBr4Xqdtu937VsyNOwOqfII='")
        XCTAssertTrue(PageScript.contentSecurityPolicy.hasPrefix("default-src 'none'; script-src 'sha256-"))
        XCTAssertTrue(PageScript.contentSecurityPolicy.contains("; connect-src 'self';"))
    }
}
