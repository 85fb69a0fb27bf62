import Foundation

/// File-name slugs for members (SPEC §5): the name folded to lowercase ASCII, accents dropped,
/// `ß` → `ss`, every other run of characters outside `a-z0-9` one `-`, trimmed; `member` when
/// nothing is left; at most `maximumLength` characters; colliding slugs get `-2`, `-3`… in order
/// of record name, and so does a slug the site keeps for itself (`reserved`).
public enum MemberSlugs {
    /// Slugs the site's own files use: `feeds/family.ics` is the whole family's feed, so a member
    /// called "Family" gets `family-2`.
    public static let reserved: Set<String> = ["family"]

    /// A slug is cut to this many characters (at a `-` where there is one near the end), so that
    /// `feeds/SLUG-TOKEN.ics` stays far below every file system's 255-byte limit for a name.
    public static let maximumLength = 64

    /// The slug of each member, by position in `members`; collisions are numbered in order of id.
    static func assign(_ members: [FamilyMember]) -> [String] {
        var used = reserved
        var result = [String](repeating: "", count: members.count)
        for (position, member) in members.enumerated().sorted(by: { $0.element.id < $1.element.id }) {
            let base = shortened(fold(member.name))
            var slug = base
            var number = 2
            while used.contains(slug) {
                slug = "\(base)-\(number)"
                number += 1
            }
            used.insert(slug)
            result[position] = slug
        }
        return result
    }

    /// At most `maximumLength` characters, cut after the last `-` in its final quarter when there
    /// is one, with no `-` at the end. (Numbering a collision adds a few characters more.)
    static func shortened(_ slug: String) -> String {
        guard slug.count > maximumLength else { return slug }
        var cut = String(slug.prefix(maximumLength))
        if let dash = cut.lastIndex(of: "-"), cut.distance(from: cut.startIndex, to: dash) >= maximumLength * 3 / 4 {
            cut = String(cut[..<dash])
        }
        while cut.hasSuffix("-") { cut.removeLast() }
        return cut
    }

    static let replacements: [Character: String] = [
        "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "ı": "i",
    ]

    public static func fold(_ name: String) -> String {
        let folded = name.lowercased().folding(
            options: [.diacriticInsensitive], locale: Locale(identifier: "en_US_POSIX"))
        var slug = ""
        var pendingDash = false
        for character in folded {
            let text = replacements[character] ?? String(character)
            for scalar in text.unicodeScalars {
                if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                    if pendingDash, !slug.isEmpty { slug += "-" }
                    pendingDash = false
                    slug.unicodeScalars.append(scalar)
                } else {
                    pendingDash = true
                }
            }
        }
        return slug.isEmpty ? "member" : slug
    }
}
