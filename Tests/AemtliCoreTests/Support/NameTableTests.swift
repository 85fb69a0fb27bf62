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

    /// Names of every length around a cache line's (62 to 65 bytes), short, empty and long ones
    /// are found again, and names alike but for their last byte stay apart.
    func testNamesOfEveryLengthAreFoundAgain() {
        var table = NameTable()
        let names = [0, 1, 62, 63, 64, 65, 200].flatMap { length in
            [Array(repeating: UInt8(ascii: "a"), count: length), Array(repeating: UInt8(ascii: "a"), count: max(0, length - 1)) + [0x62]]
        }
        let first = names.map { number(&table, $0) }
        XCTAssertEqual(names.map { number(&table, $0) }, first)
        XCTAssertEqual(Set(first).count, 13, "aaa…a and aaa…b are two names; the empty one and \"b\" once each")
        XCTAssertEqual(table.names[Int(first[9])].count, 64)
    }

    /// A reader's table keeps no `String`s; numbered into a table that does, its names arrive
    /// whole, and a name met again keeps its number in both.
    func testATableWithoutNamesNumbersTheSameAndHandsItsNamesOn() {
        var bare = NameTable(keepsNames: false)
        let ids = (0..<300).map { Array("id-\($0 * 7919)".utf8) }
        XCTAssertEqual(ids.map { number(&bare, $0) }, (0..<300).map(Int32.init))
        XCTAssertEqual(number(&bare, ids[17]), 17)
        XCTAssertEqual(bare.count, 300)
        var named = NameTable()
        _ = number(&named, ids[5])
        let renumbered = named.numbers(of: bare)
        XCTAssertEqual(renumbered[5], 0, "the name the table had keeps its number")
        XCTAssertEqual(renumbered[0], 1)
        XCTAssertEqual(named.names[Int(renumbered[299])], "id-\(299 * 7919)")
    }
}
