import AemtliCore

/// A member's colour (SPEC §5, issue #15): one of twelve, the same for a member from build to build,
/// different for each member of a family of up to twelve. Never the only cue: the initial and the
/// name are always shown with it. Each slot is a CSS named colour (the family feed's `COLOR`); the
/// stylesheets give it a light-theme shade that carries white text at AA contrast and a dark-theme
/// tint that carries dark text (`.member-color-N` in Public/style.css and Public/wall.css).
public struct MemberColor: Equatable, Sendable {
    /// The palette, each checked for contrast: white on it at least 4.77:1, itself against the
    /// light page at least 4.38:1; dark ink on its tint at least 5.88:1, the tint against the dark
    /// page at least 5.26:1.
    public static let names = [
        "royalblue", "darkgreen", "crimson", "darkorchid", "saddlebrown", "teal",
        "mediumvioletred", "darkolivegreen", "darkslateblue", "firebrick", "navy", "purple",
    ]

    /// The palette slot, 0 to 11.
    public let slot: Int

    public var name: String { Self.names[slot % Self.names.count] }
    public var cssClass: String { "member-color-\(slot)" }

    /// Colours for `family.members`, by position. Each member starts from the slot its id hashes
    /// to and, in order of id, takes the next free one, so a member keeps their colour while the
    /// family stays the same, and no two share one until all twelve are taken.
    public static func assign(_ family: Family) -> [MemberColor] {
        var result = [MemberColor](repeating: MemberColor(slot: 0), count: family.members.count)
        var taken: Set<Int> = []
        for (position, member) in family.members.enumerated().sorted(by: { $0.element.id < $1.element.id }) {
            if taken.count == names.count { taken = [] }
            var slot = Int(stableHash(member.id) % UInt64(names.count))
            while taken.contains(slot) { slot = (slot + 1) % names.count }
            taken.insert(slot)
            result[position] = MemberColor(slot: slot)
        }
        return result
    }

    /// FNV-1a over the id's UTF-8: the same on every machine and run (Swift's `Hasher` is seeded).
    static func stableHash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0100_0000_01b3
        }
        return hash
    }
}
