import Foundation
import XCTest

@testable import AemtliSite

/// SHA-256 against FIPS 180-4's examples, and the wall script's CSP hash against one worked out
/// with another implementation (Python's hashlib over the script as written in wall.html).
final class SHA256Tests: XCTestCase {
    func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    func testTheStandardsExamples() {
        XCTAssertEqual(
            hex(SHA256.digest(Array("abc".utf8))), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(hex(SHA256.digest([])), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(
            hex(SHA256.digest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        XCTAssertEqual(
            hex(SHA256.digest([UInt8](repeating: 0x61, count: 1_000))),
            "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }

    /// The expected hash is python's hashlib over the script's text, base64 as CSP writes it.
    func testThePageScriptsPolicyAllowsExactlyItsHashAndItsStream() {
        XCTAssertEqual(PageScript.hashSource, "'sha256-2KnoP/W4vJAtjIN/uXM0LtW0C8uGvGYTeaNPfjnmb0k='")
        XCTAssertTrue(PageScript.contentSecurityPolicy.hasPrefix("default-src 'none'; script-src 'sha256-"))
        XCTAssertTrue(PageScript.contentSecurityPolicy.contains("; connect-src 'self';"))
    }
}
