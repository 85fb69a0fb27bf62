import Digest
import XCTest

/// The one secret maker and the spellings its secrets travel in. Base64url against RFC 4648 §10's
/// examples (in the URL alphabet, without padding); the randomness by what a guesser would meet.
final class SecureRandomTests: XCTestCase {
    func testBase64URLSpellsTheStandardsExamples() {
        let examples = [
            "": "", "f": "Zg", "fo": "Zm8", "foo": "Zm9v", "foob": "Zm9vYg", "fooba": "Zm9vYmE", "foobar": "Zm9vYmFy",
        ]
        for (plain, spelled) in examples {
            XCTAssertEqual(ByteText.base64URL(Array(plain.utf8)), spelled, plain)
            XCTAssertEqual(ByteText.bytes(base64URL: spelled), Array(plain.utf8), spelled)
        }
        // The two characters that differ from plain base64 ("+/" there).
        XCTAssertEqual(ByteText.base64URL([0xfb, 0xff, 0xbf]), "-_-_")
        XCTAssertEqual(ByteText.bytes(base64URL: "-_-_"), [0xfb, 0xff, 0xbf])
    }

    func testBase64URLReadsBackEveryLengthAndRefusesWhatIsNotOne() {
        for count in 0..<40 {
            let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            XCTAssertEqual(ByteText.bytes(base64URL: ByteText.base64URL(bytes)), bytes, "\(count) bytes")
        }
        XCTAssertNil(ByteText.bytes(base64URL: "Zm9v+"), "plain base64's '+'")
        XCTAssertNil(ByteText.bytes(base64URL: "Zm8="), "padding")
        XCTAssertNil(ByteText.bytes(base64URL: "Zm9vY"), "one character over a group")
    }

    func testHexIsTwoLowercaseDigitsAByte() {
        XCTAssertEqual(ByteText.hex([0x00, 0x0f, 0xa5, 0xff]), "000fa5ff")
    }

    func testTokensHaveTheirLengthAndAlphabetAndNeverRepeat() {
        let hex = (0..<200).map { _ in SecureRandom.hex(bytes: 16) }
        XCTAssertTrue(hex.allSatisfy { $0.count == 32 && $0.allSatisfy { "0123456789abcdef".contains($0) } })
        XCTAssertEqual(Set(hex).count, hex.count)

        let cookies = (0..<200).map { _ in SecureRandom.base64URL(bytes: 32) }
        let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        XCTAssertTrue(cookies.allSatisfy { $0.count == 43 && $0.allSatisfy(alphabet.contains) })
        XCTAssertEqual(Set(cookies).count, cookies.count)
        XCTAssertEqual(ByteText.bytes(base64URL: cookies[0])?.count, 32)

        XCTAssertEqual(Set((0..<50).map { _ in SecureRandom.bytes(16) }).count, 50)
        XCTAssertEqual(SecureRandom.bytes(0), [])
    }

    /// Six digits, each position taking every digit: a code that always began "0" or skipped "9"
    /// would make a guess ten times easier. (2 000 codes miss a digit somewhere with a chance
    /// of about 10⁻⁹⁰.)
    func testCodesAreDigitsAndEveryPositionTakesEveryDigit() {
        let codes = (0..<2_000).map { _ in SecureRandom.digits(6) }
        XCTAssertTrue(codes.allSatisfy { $0.count == 6 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) })
        for position in 0..<6 {
            let seen = Set(codes.map { Array($0)[position] })
            XCTAssertEqual(seen.count, 10, "position \(position): \(seen.sorted())")
        }
        XCTAssertGreaterThan(Set(codes).count, 1_900)
    }
}
