import XCTest

@testable import AemtliCore

/// The binary search the zone table, the sync gaps and the assignee evidence share, checked
/// against a plain scan from the front.
final class PartitionPointTests: XCTestCase {
    func testFindsTheFirstElementAfterTheValueAsAScanWould() {
        for length in 0...40 {
            // Runs of repeated values, gaps and both ends: every value from -5 to 5 in some list.
            let sorted = (0..<length).map { ($0 * 7 + length) % 11 - 5 }.sorted()
            for value in -7...7 {
                let scan = sorted.firstIndex { $0 > value } ?? sorted.endIndex
                XCTAssertEqual(sorted.partitionPoint { $0 > value }, scan, "\(value) in \(sorted)")
            }
        }
    }

    func testWorksOnASliceWithItsOwnIndices() {
        let slice = [1, 2, 3, 4, 5, 6][2...]
        XCTAssertEqual(slice.partitionPoint { $0 >= 5 }, 4)
        XCTAssertEqual(slice.partitionPoint { $0 > 9 }, slice.endIndex)
        XCTAssertEqual(slice.partitionPoint { $0 > 0 }, slice.startIndex)
    }
}
