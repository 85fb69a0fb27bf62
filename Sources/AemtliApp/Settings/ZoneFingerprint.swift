import AemtliCore

/// A zone's rules as text for the rebuild fingerprint, so that a tzdata update that changes the
/// family's zone builds the site again. A TZif zone is described whole (every transition, every
/// local time type with its flag and abbreviation, the footer rule): all of it can reach a feed's
/// VTIMEZONE, and `InputFingerprint` digests the text. Written out field by field, since describing
/// the parsed file by reflection was a large part of a small family's build.
enum ZoneFingerprint {
    static func of(_ zone: FamilyZone) -> String {
        switch zone.rules {
        case .foundation:
            return "foundation"
        case .tzif(let file):
            let types = file.types.map { "\($0.offset) \($0.isDaylight) \($0.abbreviation)" }
            return "tzif \(file.version) " + file.transitions.map(String.init).joined(separator: ",") + " "
                + file.typeIndices.map(String.init).joined(separator: ",") + " " + types.joined(separator: ",") + " "
                + String(reflecting: file.rule)
        }
    }
}
