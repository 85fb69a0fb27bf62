import TZif
import XCTest

/// Damaged files give a positioned error, never a crash.
final class TZifDamageTests: XCTestCase {
    func testATruncatedFileSaysWhereItEnds() throws {
        let bytes = try TZifFixtures.bytes("Europe/Zurich")
        XCTAssertThrowsError(try TZifZone(parsing: Array(bytes.prefix(30)))) { error in
            // The third count of the header (leap seconds) starts at byte 28 and needs four bytes.
            XCTAssertEqual(error as? TZifError, TZifError(.truncated, at: 28))
        }
    }

    func testOtherBytesAreNotAZoneFile() {
        XCTAssertThrowsError(try TZifZone(parsing: Array("# tzdb data\n".utf8))) { error in
            XCTAssertEqual(error as? TZifError, TZifError(.notTZif, at: 0))
        }
    }

    func testAnUnknownVersionIsNamed() throws {
        var bytes = try TZifFixtures.bytes("Europe/Zurich")
        bytes[4] = UInt8(ascii: "9")
        XCTAssertThrowsError(try TZifZone(parsing: bytes)) { error in
            XCTAssertEqual(error as? TZifError, TZifError(.unsupportedVersion(57), at: 4))
        }
    }

    func testABrokenFooterIsNamed() throws {
        var bytes = try TZifFixtures.bytes("Asia/Tokyo")
        // The footer is "\nJST-9\n": make it "\nJST-X\n".
        bytes[bytes.count - 2] = UInt8(ascii: "X")
        XCTAssertThrowsError(try TZifZone(parsing: bytes)) { error in
            XCTAssertEqual(error as? TZifError, TZifError(.invalidFooter("JST-X"), at: bytes.count - 6))
        }
    }

    /// 3000 copies of real files with one to four random bytes changed (a seeded generator, so a
    /// failure repeats): each parses or throws an error inside the file, and a parsed zone answers.
    func testRandomMutationsNeverCrashAndErrorsArePositioned() throws {
        var random = SplitMix(seed: 20)
        let originals = try ["Europe/Zurich", "America/Santiago", "Africa/Casablanca", "Asia/Tokyo"].map(
            TZifFixtures.bytes)
        var errors = 0
        for round in 0..<3000 {
            var bytes = originals[round % originals.count]
            for _ in 0...(random.next() % 4) {
                // Most changes land in the header and the first bytes of data, where the counts are.
                let limit = random.next() % 2 == 0 ? min(bytes.count, 120) : bytes.count
                bytes[Int(random.next() % UInt64(limit))] = UInt8(truncatingIfNeeded: random.next())
            }
            if random.next() % 5 == 0 { bytes.removeLast(Int(random.next() % UInt64(bytes.count))) }
            do {
                let zone = try TZifZone(parsing: bytes)
                _ = zone.localTimeType(at: 1_800_000_000)
                _ = zone.changes(from: 1_700_000_000, to: 2_500_000_000)
            } catch let error as TZifError {
                errors += 1
                XCTAssertTrue((0...bytes.count).contains(error.offset), "round \(round): \(error)")
            }
        }
        XCTAssertGreaterThan(errors, 100)
    }
}

/// A small seeded generator (SplitMix64).
struct SplitMix: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Found by fuzzing the reader (`.ci/fuzz tzif`): the footer rule's arithmetic overflowed for the
/// farthest instants and trapped.
final class TZifExtremeInstantTests: XCTestCase {
    func testTheFarthestInstantsAnswerWithoutTrapping() throws {
        let zurich = try TZifFixtures.zone("Europe/Zurich")
        // Which of the two it is depends on the day of the year 2^45 seconds lands on; either is sane.
        XCTAssertTrue([3600, 7200].contains(zurich.localTimeType(at: .max).offset))
        XCTAssertEqual(zurich.localTimeType(at: .min).offset, zurich.localTimeType(at: -5_000_000_000).offset)
        XCTAssertEqual(zurich.changes(from: .min, to: .min + 10), [])
        XCTAssertFalse(zurich.changes(from: .max - 10, to: .max).contains { $0.at < .max - 10 })
    }
}
