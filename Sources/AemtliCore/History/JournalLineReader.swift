import JSON

/// Reads journal lines one by one into ticks and sync times, collecting a warning for each line
/// that is neither shape. Chore and member ids are numbered in a `NameTable`, so a year of lines
/// holds one copy of each id and hashes none twice.
///
/// Most lines take a quick path (no values built): the line exactly as sync writes it
/// (`QuickJournalLine`), else any flat object `FlatJSONScanner` reads. Any other line goes
/// through `JSONParser`, which reads every line the quick paths take the same way (a test and
/// the journal fuzz target check that) and words the warnings.
struct JournalLineReader {
    var ticks: [JournalTick] = []
    var syncs: [Int64] = []
    /// Each line skipped, numbered as handed to `read`.
    var problems: [JournalProblem] = []
    /// Numbered into the journal's own tables when the runs are put together, so without names.
    var choreNames = NameTable(keepsNames: false)
    var memberNames = NameTable(keepsNames: false)
    private var members: [FlatJSONScanner.Member] = []
    /// Whether each `YYYY-MM-DD` seen as a period (keyed by its digits) is a date: a journal
    /// holds a few hundred distinct periods in hundreds of thousands of lines.
    private var periodIsDate: [Int: Bool] = [:]
    /// The last period looked up, as its ten bytes in two words, and the answer: lines of one
    /// sync mostly share a period, and comparing two words costs less than reading ten digits.
    private var lastPeriod: (head: UInt64, tail: UInt16, isDate: Bool)?

    /// False reads every line with the full parser: what the quick paths must agree with.
    var usesQuickPaths = true

    mutating func read(_ line: UnsafeBufferPointer<UInt8>, number: Int) {
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return }
        if usesQuickPaths, readQuickly(line) { return }
        let value: JSONValue
        do {
            value = try JSONParser.parse(line)
        } catch {
            return warn(number, "is not valid JSON (\(error))")
        }
        guard case .object = value else { return warn(number, "is not a JSON object") }
        if let sync = value["sync"] {
            guard let millis = sync.integerValue, Self.supported.contains(millis) else {
                return warn(number, "has a sync time '\(sync.snippet)' that is not milliseconds between the years 1900 and 2999")
            }
            return syncs.append(millis)
        }
        guard let chore = value["chore"]?.stringValue, !chore.isEmpty else { return warn(number, "names no chore") }
        guard let kindText = value["event"]?.stringValue, let kind = JournalEvent.Kind(rawValue: kindText) else {
            return warn(number, "has an event '\(value["event"]?.snippet ?? "")' that is neither done nor undone")
        }
        guard let at = value["at"]?.integerValue, Self.supported.contains(at) else {
            return warn(number, "has a time '\(value["at"]?.snippet ?? "")' that is not milliseconds between the years 1900 and 2999")
        }
        if let period = value["period"], period != .null, period.stringValue.flatMap(ISODateTime.parse).map(Self.isDate) != true {
            return warn(number, "has a period '\(period.snippet)' that is not a date YYYY-MM-DD")
        }
        ticks.append(JournalTick(at: at, chore: choreNames.number(of: chore), assignee: value["assignedTo"]?.stringValue.map { memberNames.number(of: $0) } ?? -1, kind: kind))
    }

    /// The quick paths: the line as sync writes it, else any flat object `FlatJSONScanner` reads
    /// that is one of the two shapes; false leaves the line to the full parser.
    private mutating func readQuickly(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let quick = QuickJournalLine.matchingCanonical(line) ?? scanned(line) else { return false }
        switch quick {
        case .sync(let millis):
            guard Self.supported.contains(millis) else { return false }
            syncs.append(millis)
        case .tick(let at, let chore, let assignee, let kind, let period):
            guard !chore.isEmpty, Self.supported.contains(at) else { return false }
            if let period, !isDate(UnsafeBufferPointer(rebasing: line[period])) { return false }
            let assigneeNumber = assignee.map { memberNames.number(of: UnsafeBufferPointer(rebasing: line[$0])) } ?? -1
            ticks.append(JournalTick(at: at, chore: choreNames.number(of: UnsafeBufferPointer(rebasing: line[chore])), assignee: assigneeNumber, kind: kind))
        }
        return true
    }

    /// The line as a flat object of either shape, found by its keys in any order.
    private mutating func scanned(_ line: UnsafeBufferPointer<UInt8>) -> QuickJournalLine? {
        guard FlatJSONScanner.scan(line, into: &members) else { return nil }
        var sync, chore, event, at, period, assignee: FlatJSONScanner.Value?
        for member in members {  // the last of a repeated name counts, as in JSONObject
            switch member.key.count {
            case 2 where Self.equals(line, member.key, "at"): at = member.value
            case 4 where Self.equals(line, member.key, "sync"): sync = member.value
            case 5 where Self.equals(line, member.key, "chore"): chore = member.value
            case 5 where Self.equals(line, member.key, "event"): event = member.value
            case 6 where Self.equals(line, member.key, "period"): period = member.value
            case 10 where Self.equals(line, member.key, "assignedTo"): assignee = member.value
            default: continue
            }
        }
        if let sync {
            guard case .integer(let millis) = sync else { return nil }
            return .sync(millis)
        }
        guard case .string(let choreRange) = chore, case .string(let eventRange) = event,
              let kind: JournalEvent.Kind = Self.equals(line, eventRange, "done") ? .done : Self.equals(line, eventRange, "undone") ? .undone : nil,
              case .integer(let millis) = at else { return nil }
        var periodRange: Range<Int>?
        switch period {
        case nil, .null?: break
        case .string(let range)?: periodRange = range
        default: return nil
        }
        var assigneeRange: Range<Int>?
        if case .string(let range)? = assignee { assigneeRange = range }
        return .tick(at: millis, chore: choreRange, assignee: assigneeRange, kind: kind, period: periodRange)
    }

    /// Whether `text` is `YYYY-MM-DD` and a date `ISODateTime` reads; false also for any other
    /// form, which the full parser then judges.
    private mutating func isDate(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard text.count == 10 else { return false }
        let raw = UnsafeRawBufferPointer(text)
        let (head, tail) = (raw.loadUnaligned(as: UInt64.self), raw.loadUnaligned(fromByteOffset: 8, as: UInt16.self))
        if let last = lastPeriod, last.head == head, last.tail == tail { return last.isDate }
        var key = 0
        for (offset, byte) in text.enumerated() {
            if offset == 4 || offset == 7 {
                guard byte == UInt8(ascii: "-") else { return false }
            } else {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return false }
                key = key * 10 + Int(byte - UInt8(ascii: "0"))
            }
        }
        let answer = periodIsDate[key] ?? ISODateTime.parse(String(decoding: text, as: UTF8.self)).map(Self.isDate) == true
        periodIsDate[key] = answer
        lastPeriod = (head, tail, answer)
        return answer
    }

    private static func equals(_ line: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ word: StaticString) -> Bool {
        range.count == word.utf8CodeUnitCount && line[range].elementsEqual(UnsafeBufferPointer(start: word.utf8Start, count: range.count))
    }

    /// The times a journal line may hold, as for the store's timestamps: 1900-01-01 to 2999-12-31,
    /// so that no sum or difference of two of them can overflow.
    static let supported: ClosedRange<Int64> = -2_208_988_800_000...32_503_679_999_999

    private static func isDate(_ value: ISODateTime) -> Bool {
        if case .date = value { return true }
        return false
    }

    private mutating func warn(_ number: Int, _ problem: String) {
        problems.append(JournalProblem(line: number, text: "the journal line \(problem); it is skipped."))
    }
}
