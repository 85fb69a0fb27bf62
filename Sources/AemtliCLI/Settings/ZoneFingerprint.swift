import AemtliCore

/// A short digest of a zone's rules for the rebuild fingerprint, so that a tzdata update that
/// changes the family's zone builds the site again.
enum ZoneFingerprint {
    static func of(_ zone: FamilyZone) -> String {
        switch zone.rules {
        case .foundation:
            return "foundation"
        case .tzif(let file):
            // FNV-1a over the transitions, their types and the footer rule.
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            func mix(_ value: Int64) {
                for shift in stride(from: 0, to: 64, by: 8) {
                    hash = (hash ^ UInt64(truncatingIfNeeded: value >> Int64(shift)) & 0xFF) &* 0x100_0000_01b3
                }
            }
            for (instant, index) in zip(file.transitions, file.typeIndices) {
                mix(instant)
                mix(Int64(file.types[index].offset))
            }
            for byte in String(describing: file.rule).utf8 { mix(Int64(byte)) }
            return "tzif-" + String(hash, radix: 16)
        }
    }
}
