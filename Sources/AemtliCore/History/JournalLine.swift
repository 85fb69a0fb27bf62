import Foundation
import JSON

/// One line of `STORE/history/done.jsonl`, and the one codec between it and its bytes: sync
/// writes lines with `bytes`, every reader reads them with `parse`. A line is a JSON
/// object with its keys sorted (so the same event is always the same bytes):
///
///     {"assignedTo":S|null,"at":MILLIS,"changeTag":S|null,"chore":S,"event":"done"|"undone","period":S|null,"title":S|null}
///     {"sync":MILLIS}
public enum JournalLine: Equatable, Sendable {
    /// A successful sync ran at this time (milliseconds since 1970).
    case sync(Int64)
    case event(JournalEvent)

    /// The times a line may hold, as for the store's timestamps: 1900-01-01 to 2999-12-31, so
    /// that no sum or difference of two of them can overflow.
    public static let supportedMillis: ClosedRange<Int64> = -2_208_988_800_000...32_503_679_999_999

    public var json: JSONValue {
        switch self {
        case .sync(let millis):
            return .object(["sync": .integer(millis)])
        case .event(let event):
            func text(_ value: String?) -> JSONValue { value.map { .string($0) } ?? .null }
            return .object([
                "chore": .string(event.choreID), "event": .string(event.kind.rawValue), "at": .integer(event.at),
                "period": text(event.period), "title": text(event.title), "assignedTo": text(event.assignedTo),
                "changeTag": text(event.changeTag),
            ])
        }
    }

    /// The line as written to the file, its line feed included.
    public var bytes: [UInt8] { json.serializedBytes() + [0x0A] }

    /// Whether a good sync run at `now` writes its sync line (SPEC §8.5). A line every run would
    /// make a family's journal mostly sync lines; one is written only when the last one written is
    /// an hour old or more, or a local midnight lies between them (every period ends at one, so the
    /// marks stay as they were), or the run before failed, or this run wrote events.
    public static func syncLineDue(
        at now: Date, lastLine: Date?, previousRunFailed: Bool, wroteEvents: Bool, time: FamilyTime
    ) -> Bool {
        guard let lastLine, !previousRunFailed, !wroteEvents else { return true }
        return now.timeIntervalSince(lastLine) >= 3_600 || time.today(at: lastLine) != time.today(at: now)
    }

    /// Reads one line (without its line feed). Keys may come in any order and other keys are
    /// ignored, so a line edited by hand reads as long as it is one of the two shapes; anything
    /// else is `Unreadable`, whose text says what is wrong with it.
    public static func parse(_ line: ArraySlice<UInt8>) -> Result<JournalLine, Unreadable> {
        Result { try read(line) }.mapError { $0 as? Unreadable ?? Unreadable("is not valid JSON (\($0))") }
    }

    private static func read(_ line: ArraySlice<UInt8>) throws -> JournalLine {
        let value = try JSONParser.parse(line)
        guard case .object = value else { throw Unreadable("is not a JSON object") }
        if let sync = value["sync"] {
            guard let millis = sync.integerValue, Self.supportedMillis.contains(millis) else {
                throw Unreadable(
                    "has a sync time '\(sync.snippet)' that is not milliseconds between the years 1900 and 2999")
            }
            return .sync(millis)
        }
        guard let chore = value["chore"]?.stringValue, !chore.isEmpty else { throw Unreadable("names no chore") }
        guard let kind = value["event"]?.stringValue.flatMap(JournalEvent.Kind.init(rawValue:)) else {
            throw Unreadable("has an event '\(value["event"]?.snippet ?? "")' that is neither done nor undone")
        }
        guard let at = value["at"]?.integerValue, Self.supportedMillis.contains(at) else {
            throw Unreadable(
                "has a time '\(value["at"]?.snippet ?? "")' that is not milliseconds between the years 1900 and 2999")
        }
        var period: String?
        if let field = value["period"], field != .null {
            guard let text = field.stringValue, case .date? = ISODateTime.parse(text) else {
                throw Unreadable("has a period '\(field.snippet)' that is not a date YYYY-MM-DD")
            }
            period = text
        }
        return .event(
            JournalEvent(
                choreID: chore, kind: kind, at: at, assignedTo: value["assignedTo"]?.stringValue, period: period,
                title: value["title"]?.stringValue, changeTag: value["changeTag"]?.stringValue))
    }

    /// Why a line cannot be read, as the end of the sentence "the journal line …".
    public struct Unreadable: Error, Equatable {
        public let problem: String

        init(_ problem: String) {
            self.problem = problem
        }
    }
}
