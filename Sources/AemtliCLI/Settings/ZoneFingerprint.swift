import AemtliCore

/// A zone's rules as text for the rebuild fingerprint, so that a tzdata update that changes the
/// family's zone builds the site again. A TZif zone is described whole (every transition, every
/// local time type with its flag and abbreviation, the footer rule): all of it can reach a feed's
/// VTIMEZONE, and `InputFingerprint` digests the text.
enum ZoneFingerprint {
    static func of(_ zone: FamilyZone) -> String {
        switch zone.rules {
        case .foundation:
            return "foundation"
        case .tzif(let file):
            return "tzif " + String(reflecting: file)
        }
    }
}
