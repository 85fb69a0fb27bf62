@testable import AemtliCore
import XCTest

final class NameTableTests: XCTestCase {
    private func number(_ table: inout NameTable, _ bytes: [UInt8]) -> Int32 {
        bytes.withUnsafeBufferPointer { table.number(of: $0) }
    }

    func testNumbersEachByteStringOnceInTheOrderFirstSeen() {
        var table = NameTable()
        let ids = (0..<5_000).map { Array("5C000000-0000-4000-8000-\($0)".utf8) }
        // Twice over, the second time backwards: the table grows many times on the way.
        XCTAssertEqual(ids.map { number(&table, $0) }, (0..<5_000).map(Int32.init))
        XCTAssertEqual(ids.reversed().map { number(&table, $0) }, (0..<5_000).reversed().map(Int32.init))
        XCTAssertEqual(table.names.count, 5_000)
        XCTAssertEqual(table.names[42], "5C000000-0000-4000-8000-42")
        XCTAssertEqual(number(&table, []), 5_000, "the empty name is a name")
    }

    func testInvalidUTF8IsItsOwnNumberWithTheRepairedText() {
        var table = NameTable()
        XCTAssertEqual(number(&table, [0x43, 0xFF]), 0)
        XCTAssertEqual(number(&table, [0x43, 0xFE]), 1)
        XCTAssertEqual(table.names, ["C\u{FFFD}", "C\u{FFFD}"])
    }

    func testAnotherTablesNamesAreNumberedHere() {
        var first = NameTable()
        var second = NameTable()
        _ = number(&first, Array("a".utf8))
        _ = number(&second, Array("b".utf8))
        _ = number(&second, Array("a".utf8))
        XCTAssertEqual(first.numbers(of: second), [1, 0])
        XCTAssertEqual(first.names, ["a", "b"])
    }
}
