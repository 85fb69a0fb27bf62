import Foundation

/// File-name slugs for members (SPEC §5): the name folded to lowercase ASCII, accents dropped,
/// `ß` → `ss`, every other run of characters outside `a-z0-9` one `-`, trimmed; `member` when
/// nothing is left; colliding slugs get `-2`, `-3`… in order of record name.
public enum MemberSlugs {
    /// Slugs by member id.
    public static func assign(_ members: [FamilyMember]) -> [String: String] {
        var used: Set<String> = []
        var result: [String: String] = [:]
        for member in members.sorted(by: { $0.id < $1.id }) {
            let base = fold(member.name)
            var slug = base
            var number = 2
            while used.contains(slug) {
                slug = "\(base)-\(number)"
                number += 1
            }
            used.insert(slug)
            result[member.id] = slug
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
