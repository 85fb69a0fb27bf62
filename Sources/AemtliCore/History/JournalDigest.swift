import Dispatch

/// A 128-bit digest of a stream of bytes that does not depend on how the stream is cut into
/// pieces: each mebibyte of the stream (counted from its start) is digested on its own, whole
/// ones on all cores, and their digests are folded in order; the last, partial one is folded in
/// by `value`, with the length. It tells the journal a checkpoint was made from apart from an
/// edited one (`JournalCheckpoint`), and a build's fingerprint holds it; it tells changes apart,
/// not adversaries, and is not a cryptographic hash.
public struct JournalDigest: Sendable {
    public struct Value: Equatable, Hashable, Sendable {
        public var first: UInt64
        public var second: UInt64
    }

    /// The bytes of one block; a stream's blocks begin at its multiples.
    static let blockSize = 1 << 20

    /// The digests of the whole blocks so far, folded.
    private var folded = Lanes()
    /// The block not yet whole.
    private var current = Lanes()
    /// How many bytes have been added.
    public private(set) var length: UInt64 = 0

    public init() {}

    public mutating func add(_ bytes: UnsafeBufferPointer<UInt8>) {
        length &+= UInt64(bytes.count)
        var start = 0
        if current.count > 0 {
            start = min(bytes.count, Self.blockSize - current.count)
            current.add(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[..<start]))
            if current.count == Self.blockSize { foldCurrent() }
        }
        let blocks = (bytes.count - start) / Self.blockSize
        if blocks > 0 {
            let (raw, first) = (UnsafeRawBufferPointer(bytes), start)
            let values = [Value](unsafeUninitializedCapacity: blocks) { buffer, count in
                let buffer = buffer
                DispatchQueue.concurrentPerform(iterations: blocks) { block in
                    var lanes = Lanes()
                    let offset = first + block * Self.blockSize
                    lanes.add(UnsafeRawBufferPointer(rebasing: raw[offset..<offset + Self.blockSize]))
                    buffer[block] = lanes.value
                }
                count = blocks
            }
            for value in values { folded.fold(value) }
            start += blocks * Self.blockSize
        }
        current.add(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[start...]))
    }

    public mutating func add(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { add($0) }
    }

    /// The digest of the bytes added so far; more can still be added.
    public var value: Value {
        var last = folded
        last.fold(current.value)
        last.fold(Value(first: length, second: UInt64(Self.blockSize)))
        return last.value
    }

    private mutating func foldCurrent() {
        folded.fold(current.value)
        current = Lanes()
    }
}
