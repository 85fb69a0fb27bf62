/// The last step of the project's non-cryptographic hashes (the build's fingerprint, the
/// journal's digest): a 64-bit finalizer after which every input bit reaches every output bit.
public enum BitMixing {
    public static func avalanche(_ value: UInt64) -> UInt64 {
        var value = value
        value ^= value >> 33
        value &*= 0xFF51_AFD7_ED55_8CCD
        value ^= value >> 33
        value &*= 0xC4CE_B9FE_1A85_EC53
        return value ^ value >> 33
    }
}
