/// "Did you mean …?": the closest known word to a mistyped one, if it is close enough.
enum Suggestion {
    static func closest(to word: String, among candidates: [String]) -> String? {
        let lowered = word.lowercased()
        let scored = candidates.map { ($0, distance(lowered, $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        // Close means a few edits, and fewer than the word's own length: "fr" is as far from
        // "en" as any two letters are, so it suggests nothing.
        let allowed = max(1, lowered.count / 3)
        if best.1 <= allowed, best.1 < lowered.count { return best.0 }
        let prefixed = candidates.filter { $0.lowercased().hasPrefix(lowered) && lowered.count >= 3 }
        return prefixed.count == 1 ? prefixed[0] : nil
    }

    /// "write en or de", with " (did you mean 'en'?)" when the value is close to one of them:
    /// the end of the message for a value that is not one of an option's choices.
    static func expectation(for text: String, among choices: [String]) -> String {
        let list =
            choices.count > 1
            ? choices.dropLast().joined(separator: ", ") + " or " + (choices.last ?? "") : choices.joined()
        return "write \(list)" + (closest(to: text, among: choices).map { " (did you mean '\($0)'?)" } ?? "")
    }

    /// Levenshtein edit distance over characters.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
