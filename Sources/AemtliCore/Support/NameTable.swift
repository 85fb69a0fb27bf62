import Foundation

/// Numbers distinct byte strings in the order they are first seen, hashing the bytes themselves,
/// so that a name seen again costs neither a `String` nor a string hash. A journal of a year
/// names the same few thousand ids hundreds of thousands of times.
///
/// Names are told apart by their bytes: two byte strings that read as equal `String`s (invalid
/// UTF-8 repaired alike, or one text in two normal forms) get two numbers and equal `names`.
///
/// A lookup of 20 000 ids costs its cache misses more than its instructions, so a name found
/// touches three arrays only: its slot, where its bytes begin, and the bytes.
struct NameTable {
    /// The names by number, decoded as JSON strings are; only in a table made with them.
    var names: [String] {
        precondition(keepsNames, "a table made without names numbers names into another; it has none to give")
        return keptNames
    }
    private var keptNames: [String] = []
    private let keepsNames: Bool
    private var storage: [UInt8] = []
    /// Where each name's bytes begin in `storage`, then where the last one's end.
    private var starts: [Int] = [0]
    /// Open addressing: a name's number plus one, 0 for a free slot; a power of two long.
    private var slots = [Int32](repeating: 0, count: 64)

    /// `keepsNames` false saves a `String` per name in a table only numbered into another
    /// (a journal reader's); asking it for `names` traps.
    init(keepsNames: Bool = true) {
        self.keepsNames = keepsNames
    }

    /// How many names have a number.
    var count: Int { starts.count - 1 }

    /// The number of `bytes`, given it the first time.
    mutating func number(of bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
        let hash = Self.hash(bytes)
        let (found, slot) = find(bytes, hash: hash)
        if let found { return found }
        let number = Int32(count)
        if keepsNames { keptNames.append(String(decoding: bytes, as: UTF8.self)) }
        storage.append(contentsOf: bytes)
        starts.append(storage.count)
        slots[slot] = number + 1
        if count * 2 > slots.count { grow() }
        return number
    }

    /// The number of `bytes` if they have one.
    func existingNumber(of bytes: UnsafeBufferPointer<UInt8>) -> Int32? {
        find(bytes, hash: Self.hash(bytes)).number
    }

    /// The number of `bytes`, or nil and the free slot where they would go.
    private func find(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt64) -> (number: Int32?, slot: Int) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 {
            let number = Int(slots[slot] - 1)
            let start = starts[number]
            if starts[number + 1] - start == bytes.count, storage.withUnsafeBufferPointer({ Self.same(UnsafeBufferPointer(rebasing: $0[start..<start + bytes.count]), bytes) }) {
                return (Int32(number), slot)
            }
            slot = (slot + 1) & mask
        }
        return (nil, slot)
    }

    /// The number of `name`'s UTF-8 bytes.
    mutating func number(of name: String) -> Int32 {
        var name = name
        return name.withUTF8 { number(of: $0) }
    }

    /// The number of `name`'s UTF-8 bytes if they have one.
    func existingNumber(of name: String) -> Int32? {
        var name = name
        return name.withUTF8 { existingNumber(of: $0) }
    }

    /// Each name's bytes, by number.
    func forEachName(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        storage.withUnsafeBufferPointer { bytes in
            for (start, end) in zip(starts, starts.dropFirst()) { body(UnsafeBufferPointer(rebasing: bytes[start..<end])) }
        }
    }

    /// Numbers every name of `other` in this table: the new number of each of its numbers.
    mutating func numbers(of other: NameTable) -> [Int32] {
        var numbers: [Int32] = []
        numbers.reserveCapacity(other.count)
        other.forEachName { numbers.append(number(of: $0)) }
        return numbers
    }

    /// Twice the slots, each name hashed again from its bytes (no hash is kept per name: it
    /// would be one more array to miss in the cache).
    private mutating func grow() {
        var slots = [Int32](repeating: 0, count: self.slots.count * 2)
        let mask = slots.count - 1
        var number: Int32 = 0
        forEachName { name in
            number += 1  // a slot holds its name's number plus one
            var slot = Int(truncatingIfNeeded: Self.hash(name)) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = number
        }
        self.slots = slots
    }

    /// Word by word: the names compared are ids of a few dozen bytes, too short to be worth a call.
    private static func same(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
        guard left.count == right.count else { return false }
        let a = UnsafeRawBufferPointer(left), b = UnsafeRawBufferPointer(right)
        var offset = 0
        while offset + 8 <= a.count {
            guard a.loadUnaligned(fromByteOffset: offset, as: UInt64.self) == b.loadUnaligned(fromByteOffset: offset, as: UInt64.self) else { return false }
            offset += 8
        }
        while offset < a.count {
            guard a[offset] == b[offset] else { return false }
            offset += 1
        }
        return true
    }

    /// Eight bytes at a time through a multiply-rotate step, the tail as the last eight bytes
    /// again (a byte at a time for a name shorter than eight), then a final mix so that the low
    /// bits the table uses depend on every byte. Not for adversaries: a flood of colliding names
    /// only makes the table slower.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        let raw = UnsafeRawBufferPointer(bytes)
        var offset = 0
        while offset + 8 <= raw.count {
            let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            hash = (hash ^ word &* 0x87C3_7B91_1142_53D5).rotated(31) &* 0x4CF5_AD43_2745_937F
            offset += 8
        }
        if offset < raw.count, raw.count >= 8 {  // the last eight bytes, overlapping the words before
            let word = raw.loadUnaligned(fromByteOffset: raw.count - 8, as: UInt64.self)
            hash = (hash ^ word &* 0x87C3_7B91_1142_53D5).rotated(29) &* 0x4CF5_AD43_2745_937F
        } else {
            while offset < raw.count {
                hash = (hash ^ UInt64(raw[offset])) &* 0x0100_0000_01B3
                offset += 1
            }
        }
        hash ^= hash >> 33
        hash &*= 0xFF51_AFD7_ED55_8CCD
        return hash ^ hash >> 33
    }
}

private extension UInt64 {
    func rotated(_ count: UInt64) -> UInt64 { self << count | self >> (64 - count) }
}
