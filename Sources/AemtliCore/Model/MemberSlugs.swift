import Foundation

/// File-name slugs for members (SPEC §5): the name folded to lowercase ASCII, accents dropped,
/// `ß` → `ss`, every other run of characters outside `a-z0-9` one `-`, trimmed; `member` when
/// nothing is left; colliding slugs get `-2`, `-3`… in order of record name.
public enum MemberSlugs {
    /// The slug of each member, by position in `members`; collisions are numbered in order of id.
    static func assign(_ members: [FamilyMember]) -> [String] {
        var used: Set<String> = []
        var result = [String](repeating: "", count: members.count)
        for (position, member) in members.enumerated().sorted(by: { $0.element.id < $1.element.id }) {
            let base = fold(member.name)
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

    static let replacements: [Character: String] = [
        "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "ı": "i",
    ]

    public static func fold(_ name: String) -> String {
        let folded = name.lowercased().folding(options: [.diacriticInsensitive], locale: Locale(identifier: "en_US_POSIX"))
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
