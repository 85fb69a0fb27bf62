import Foundation
import TZif
import XCTest

/// The zone files under `Zones/` (tzdata 2025b as Debian ships it) and a UTC instant helper.
enum TZifFixtures {
    static func zone(_ name: String) throws -> TZifZone {
        try TZifZone(parsing: bytes(name))
    }

    static func bytes(_ name: String) throws -> [UInt8] {
        let url = try XCTUnwrap(
            Bundle.module.url(
                forResource: name.replacingOccurrences(of: "/", with: "_"), withExtension: nil, subdirectory: "Zones"))
        return [UInt8](try Data(contentsOf: url))
    }

    /// Seconds since 1970 of a UTC time written `2050-03-27T01:00:00Z` (read by Foundation).
    static func utc(_ text: String) throws -> Int64 {
        Int64(try XCTUnwrap(ISO8601DateFormatter().date(from: text)).timeIntervalSince1970)
    }
}
