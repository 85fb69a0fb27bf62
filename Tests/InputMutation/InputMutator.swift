/// Seeded random mutations of byte strings (bit flips, inserted bytes, deletions, repeats and
/// splices from another input) for the bounded property tests that feed each parser hostile
/// input in CI. The same seed gives the same inputs on every machine. The libFuzzer targets in
/// Tests/Fuzz search much longer, guided by coverage (`.ci/fuzz`).
public struct InputMutator {
    /// Bytes that mean something to JSON, Mustache or the store, tried more often than others.
    private static let interesting =
        Array("{}[]\":,0123456789-+.eE\\u{{}}#^/>$<&!=*. \n\r\t".utf8) + [0, 0x1B, 0x7F, 0xC2, 0xEF, 0xFF]

    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    /// A number in 0..<bound (SplitMix64).
    public mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(max(1, bound)))
    }

    /// `input` changed in one to eight places; `other` is where splices come from.
    public mutating func mutate(_ input: [UInt8], splicingFrom other: [UInt8]) -> [UInt8] {
        var bytes = input
        for _ in 0...next(8) {
            let at = next(bytes.count + 1)
            let length = 1 + next(min(16, max(1, bytes.count - at)))
            switch next(6) {
            case 0 where at < bytes.count:
                bytes[at] ^= UInt8(1 << next(8))
            case 1:
                bytes.insert(Self.interesting[next(Self.interesting.count)], at: at)
            case 2 where at < bytes.count:
                bytes.removeSubrange(at..<min(bytes.count, at + length))
            case 3 where at < bytes.count:
                let piece = bytes[at..<min(bytes.count, at + length)]
                bytes.insert(contentsOf: Array(repeating: piece, count: 1 + next(8)).joined(), at: at)
            case 4 where !other.isEmpty:
                let from = next(other.count)
                bytes.replaceSubrange(
                    at..<min(bytes.count, at + length), with: other[from..<min(other.count, from + 1 + next(64))])
            default:
                bytes.insert(UInt8(next(256)), at: at)
            }
        }
        return bytes
    }

    /// `count` mutated seeds, each from a seed picked at random and spliced with another.
    public mutating func inputs(from seeds: [[UInt8]], count: Int) -> [[UInt8]] {
        guard !seeds.isEmpty else { return [] }
        return (0..<count).map { _ in mutate(seeds[next(seeds.count)], splicingFrom: seeds[next(seeds.count)]) }
    }
}
