import JSON

/// What a quick path read from a journal line: the values as byte ranges of the line, nothing
/// decoded and nothing checked beyond JSON yet (`JournalLineReader` checks times and periods).
enum QuickJournalLine {
    case sync(Int64)
    /// `assignee` and `period` are nil when the line has null or nothing there.
    case tick(at: Int64, chore: Range<Int>, assignee: Range<Int>?, kind: JournalEvent.Kind, period: Range<Int>?)

    /// The line exactly as `aemtli sync` writes it (SPEC §8.5: keys sorted, no spaces):
    /// `{"assignedTo":S|null,"at":N,"changeTag":S|null,"chore":S,"event":"done"|"undone","period":S|null,"title":S|null}`
    /// or `{"sync":N}`, strings without escapes. Matching the punctuation byte for byte skips the
    /// work of finding and telling apart the keys. Any other spelling (spaces, another order, an
    /// escape, a key more or less) answers nil, for `FlatJSONScanner` or `JSONParser` to read.
    static func matchingCanonical(_ line: UnsafeBufferPointer<UInt8>) -> QuickJournalLine? {
        var index = 0
        if FlatJSONScanner.literal("{\"sync\":", line, &index) {
            guard let millis = FlatJSONScanner.integer(line, &index), FlatJSONScanner.literal("}", line, &index), index == line.count else { return nil }
            return .sync(millis)
        }
        guard FlatJSONScanner.literal("{\"assignedTo\":", line, &index), let assignee = stringOrNull(line, &index),
              FlatJSONScanner.literal(",\"at\":", line, &index), let at = FlatJSONScanner.integer(line, &index),
              FlatJSONScanner.literal(",\"changeTag\":", line, &index), stringOrNull(line, &index) != nil,
              FlatJSONScanner.literal(",\"chore\":", line, &index), let chore = FlatJSONScanner.string(line, &index),
              FlatJSONScanner.literal(",\"event\":\"", line, &index) else { return nil }
        let kind: JournalEvent.Kind
        if FlatJSONScanner.literal("done\"", line, &index) {
            kind = .done
        } else if FlatJSONScanner.literal("undone\"", line, &index) {
            kind = .undone
        } else {
            return nil
        }
        guard FlatJSONScanner.literal(",\"period\":", line, &index), let period = stringOrNull(line, &index),
              FlatJSONScanner.literal(",\"title\":", line, &index), stringOrNull(line, &index) != nil,
              FlatJSONScanner.literal("}", line, &index), index == line.count else { return nil }
        return .tick(at: at, chore: chore, assignee: assignee, kind: kind, period: period)
    }

    /// A string's range, `.some(nil)` for null, nil for anything else.
    private static func stringOrNull(_ line: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> Range<Int>?? {
        if FlatJSONScanner.literal("null", line, &index) { return .some(nil) }
        guard let range = FlatJSONScanner.string(line, &index) else { return nil }
        return .some(range)
    }
}
