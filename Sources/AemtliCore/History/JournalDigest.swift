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

        public init(first: UInt64, second: UInt64) {
            self.first = first
            self.second = second
        }
    }

    /// The bytes of one block; a stream's blocks begin at its multiples.
    public static let blockSize = 1 << 20

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
                    let offset = first + block * Self.blockSize
                    buffer[block] = Self.blockValue(UnsafeRawBufferPointer(rebasing: raw[offset..<offset + Self.blockSize]))
                }
                count = blocks
            }
            for value in values { folded.fold(value) }
            start += blocks * Self.blockSize
        }
        current.add(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[start...]))
    }

    /// Adds whole blocks by their `blockValue`s, in order, where a block begins (the length so
    /// far a multiple of `blockSize`): the blocks of a file can be read and digested on all
    /// cores, each worker with a buffer of its own.
    public mutating func add(blockValues: [Value]) {
        precondition(current.count == 0 && length % UInt64(Self.blockSize) == 0, "whole blocks are added where a block begins")
        for value in blockValues { folded.fold(value) }
        length &+= UInt64(blockValues.count * Self.blockSize)
    }

    /// The digest of one whole block, `blockSize` bytes.
    public static func blockValue(_ block: UnsafeRawBufferPointer) -> Value {
        precondition(block.count == blockSize, "a block is blockSize bytes")
        var lanes = Lanes()
        lanes.add(block)
        return lanes.value
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
