import Digest
import XCTest

/// SHA-256 against FIPS 180-4's examples, HMAC-SHA-256 against RFC 4231's, PBKDF2-HMAC-SHA-256
/// against RFC 7914 §11's; every other expected value is Python's hashlib / hmac, an independent
/// implementation (`hashlib.pbkdf2_hmac('sha256', …)`).
final class DigestTests: XCTestCase {
    func hex(_ bytes: [UInt8]) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    func testSHA256GivesTheStandardsExamples() {
        XCTAssertEqual(
            hex(SHA256.digest(Array("abc".utf8))), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(hex(SHA256.digest([])), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(
            SHA256.hexDigest(Array("abc".utf8)), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(
            hex(SHA256.digest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        XCTAssertEqual(
            hex(SHA256.digest([UInt8](repeating: 0x61, count: 1_000))),
            "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }

    /// Lengths either side of where the padding needs a second block, and of a whole block.
    func testSHA256PadsAtTheBlockEdges() {
        let expected = [
            55: "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318",
            56: "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a",
            63: "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34",
            64: "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb",
        ]
        for (count, digest) in expected {
            XCTAssertEqual(hex(SHA256.digest([UInt8](repeating: 0x61, count: count))), digest, "\(count) bytes")
        }
    }

    func testSHA256GivesTheSameDigestWhateverTheMessageIsCutInto() {
        let message = [UInt8](repeating: 0x61, count: 1_000)
        var hash = SHA256()
        var start = 0
        for size in [1, 63, 64, 65, 0, 200, 7, 600] {
            hash.update(Array(message[start..<(start + size)]))
            start += size
        }
        XCTAssertEqual(hex(hash.finish()), "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }

    func testHMACGivesRFC4231sExamples() {
        let cases: [([UInt8], String, String)] = [
            (
                [UInt8](repeating: 0x0b, count: 20), "Hi There",
                "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"
            ),
            (
                Array("Jefe".utf8), "what do ya want for nothing?",
                "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
            ),
            // A key longer than a block is hashed first.
            (
                [UInt8](repeating: 0xaa, count: 131), "Test Using Larger Than Block-Size Key - Hash Key First",
                "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
            ),
        ]
        for (key, message, expected) in cases {
            XCTAssertEqual(hex(HMACSHA256(key: key).authenticate(Array(message.utf8))), expected, message)
        }
    }

    func testPBKDF2GivesRFC7914sExamplesAndPythonsResults() {
        XCTAssertEqual(
            hex(PBKDF2.sha256(password: Array("passwd".utf8), salt: Array("salt".utf8), iterations: 1, length: 64)),
            "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc"
                + "49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783")
        XCTAssertEqual(
            hex(
                PBKDF2.sha256(password: Array("password".utf8), salt: Array("salt".utf8), iterations: 4096, length: 32)),
            "c5e478d59288c841aa530db6845c4c8d962893a001ce4e11a4963873aa98134a")
        // Two blocks, the second cut short.
        XCTAssertEqual(
            hex(
                PBKDF2.sha256(
                    password: Array("passwordPASSWORDpassword".utf8),
                    salt: Array("saltSALTsaltSALTsaltSALTsaltSALTsalt".utf8), iterations: 4096, length: 40)),
            "348c89dbcbd32b2f32d814b8116e84cf2b17347ebc1800181c4e2a1fb8dd53e1c635518c7dac47e9")
    }

    func testCodesCompareEqualOnlyWhenEveryByteIs() {
        XCTAssertTrue(HMACSHA256.equalInConstantTime([1, 2, 3], [1, 2, 3]))
        XCTAssertFalse(HMACSHA256.equalInConstantTime([1, 2, 3], [1, 2, 4]))
        XCTAssertFalse(HMACSHA256.equalInConstantTime([1, 2, 3], [1, 2]))
    }
}
