import Foundation

/// Numbers distinct byte strings in the order they are first seen, hashing the bytes themselves,
/// so that a name seen again costs neither a `String` nor a string hash. A journal of a year
/// names the same few thousand ids hundreds of thousands of times.
///
/// Names are told apart by their bytes: two byte strings that read as equal `String`s (invalid
/// UTF-8 repaired alike, or one text in two normal forms) get two numbers and equal `names`.
struct NameTable {
    /// The names by number, decoded as JSON strings are.
    private(set) var names: [String] = []
    private var storage: [UInt8] = []
    private var spans: [Range<Int>] = []
    private var hashes: [UInt64] = []
    /// Open addressing: a name's number plus one, 0 for a free slot; a power of two long.
    private var slots = [Int32](repeating: 0, count: 64)

    /// The number of `bytes`, given it the first time.
    mutating func number(of bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
        let hash = Self.hash(bytes)
        let (found, slot) = find(bytes, hash: hash)
        if let found { return found }
        let number = Int32(names.count)
        names.append(String(decoding: bytes, as: UTF8.self))
        spans.append(storage.count..<storage.count + bytes.count)
        storage.append(contentsOf: bytes)
        hashes.append(hash)
        slots[slot] = number + 1
        if names.count * 2 > slots.count { grow() }
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
            if hashes[number] == hash, storage.withUnsafeBufferPointer({ Self.same(UnsafeBufferPointer(rebasing: $0[spans[number]]), bytes) }) {
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

    /// Numbers every name of `other` in this table: the new number of each of its numbers.
    mutating func numbers(of other: NameTable) -> [Int32] {
        other.storage.withUnsafeBufferPointer { bytes in
            other.spans.map { number(of: UnsafeBufferPointer(rebasing: bytes[$0])) }
        }
    }

    private mutating func grow() {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for (number, hash) in hashes.enumerated() {
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(number + 1)
        }
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
