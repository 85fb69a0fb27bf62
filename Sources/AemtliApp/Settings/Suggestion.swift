/// "Did you mean …?": the closest known word to a mistyped one, if it is close enough.
public enum Suggestion {
    public static func closest(to word: String, among candidates: [String]) -> String? {
        let lowered = word.lowercased()
        let scored = candidates.map { ($0, distance(lowered, $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        // Close means an edit for every three letters, to the nearest: five letters allow two, so
        // that "sever" (the r of "serve" moved past two letters, two edits in any measure) is
        // close. And fewer edits than the word's own length: "fr" is as far from "en" as any two
        // letters are, so it suggests nothing.
        let allowed = max(1, (lowered.count + 1) / 3)
        if best.1 <= allowed, best.1 < lowered.count { return best.0 }
        let prefixed = candidates.filter { $0.lowercased().hasPrefix(lowered) && lowered.count >= 3 }
        return prefixed.count == 1 ? prefixed[0] : nil
    }

    /// The candidate `word` is within one edit of, case ignored ("timezone", "tiemZone" for
    /// "timeZone"): SPEC §7's line between a configuration key that is a slip for a known one and
    /// one that is merely unknown. Nil when none is.
    public static func slip(_ word: String, among candidates: [String]) -> String? {
        let lowered = word.lowercased()
        let scored = candidates.map { ($0, distance(lowered, $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= 1 else { return nil }
        return best.0
    }

    /// "write text, markdown or html", with " (did you mean 'html'?)" when the value is close to one of them:
    /// the end of the message for a value that is not one of an option's choices.
    public static func expectation(for text: String, among choices: [String]) -> String {
        expectation(among: choices, suggestion: closest(to: text, among: choices))
    }

    /// "write en, de, fr or it", with " (did you mean 'fr'?)" for a `suggestion` found otherwise.
    public static func expectation(among choices: [String], suggestion: String?) -> String {
        let list =
            choices.count > 1
            ? choices.dropLast().joined(separator: ", ") + " or " + (choices.last ?? "") : choices.joined()
        return "write \(list)" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")
    }

    /// Optimal string alignment distance over characters (restricted Damerau–Levenshtein): an
    /// insertion, a deletion, a substitution or a swap of two neighbours is one edit each, since a
    /// swap ("biuld" for "build") is the slip a hand makes most and Levenshtein counts it as two.
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        // Rows i - 2, i - 1 and i of the table; a swap looks two rows back.
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
