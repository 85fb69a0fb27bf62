/// The one part of a live page that may differ from the file on disk without the file being
/// written again (SPEC §9): the time in "Chores as of", `<time id="synced" …>10:15</time>` as the
/// templates write it. A quiet sync changes only that time, and rewriting every page for it would
/// reload every open page and churn the folder; the page's script shows the current time anyway.
public enum SyncStamp {
    private static let opening = Array(#"<time id="synced" "#.utf8)
    private static let closing = Array("</time>".utf8)

    /// Whether `old` and `new` are the same apart from the stamp each carries (its attributes and
    /// text); false when either carries none, so that a page without one is compared whole.
    public static func sameApartFromStamp(_ old: [UInt8], _ new: [UInt8]) -> Bool {
        guard let before = stamp(in: old), let after = stamp(in: new) else { return false }
        return old[..<before.lowerBound] == new[..<after.lowerBound]
            && old[before.upperBound...] == new[after.upperBound...]
    }

    /// The first stamp's bytes, from its opening tag to its closing one.
    static func stamp(in bytes: [UInt8]) -> Range<Int>? {
        guard let start = find(opening, in: bytes, from: 0),
            let end = find(closing, in: bytes, from: start + opening.count)
        else { return nil }
        return start..<(end + closing.count)
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, bytes.count >= needle.count else { return nil }
        var index = start
        while index <= bytes.count - needle.count {
            if bytes[index] == first, bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
