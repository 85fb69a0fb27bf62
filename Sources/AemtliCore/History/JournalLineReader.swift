import JSON

/// Reads journal lines one by one into events and sync times, collecting a warning for each line
/// that is neither shape. Chore and member ids are interned, so a year of lines shares one copy
/// of each id.
struct JournalLineReader {
    let file: String
    var events: [JournalEvent] = []
    var syncs: [Int64] = []
    var warnings: [StoreDiagnostic] = []
    private var names: Set<String> = []

    init(file: String) {
        self.file = file
    }

    mutating func read(_ line: ArraySlice<UInt8>, number: Int) {
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return }
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
        events.append(JournalEvent(choreID: intern(chore), kind: kind, at: at, assignedTo: value["assignedTo"]?.stringValue.map { intern($0) }))
    }

    /// The times a journal line may hold, as for the store's timestamps: 1900-01-01 to 2999-12-31,
    /// so that no sum or difference of two of them can overflow.
    static let supported: ClosedRange<Int64> = -2_208_988_800_000...32_503_679_999_999

    private static func isDate(_ value: ISODateTime) -> Bool {
        if case .date = value { return true }
        return false
    }

    private mutating func intern(_ name: String) -> String {
        names.insert(name).memberAfterInsert
    }

    private mutating func warn(_ number: Int, _ problem: String) {
        warnings.append(StoreDiagnostic(.warning, file: "\(file):\(number)", "the journal line \(problem); it is skipped."))
    }
}
