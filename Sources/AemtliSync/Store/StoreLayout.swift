/// Where sync keeps its files in a store (SPEC §8.3, §8.5, §8.6):
///
/// ```
/// STORE/cloudkit/.lock               flock against a second sync
/// STORE/cloudkit/sync.state          tokens and position (JSON, not *.json: the reader skips it)
/// STORE/cloudkit/status              the last run's outcome (JSON, not *.json)
/// STORE/cloudkit/push                whether serve hears of changes within seconds (JSON, not *.json)
/// STORE/cloudkit/g000004/p000001.json  one verbatim changes/zone response body per page
/// STORE/history/done.jsonl           the completion journal
/// STORE/history/done.checkpoint      a cache older versions wrote; sync deletes it
/// ```
public struct StoreLayout: Sendable {
    public let store: String

    public init(store: String) {
        var path = store
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        self.store = path
    }

    /// The status file and the journal below a store folder, for readers that open files themselves.
    public static let statusInStore = "cloudkit/status"
    public static let pushInStore = "cloudkit/push"
    public static let journalInStore = "history/done.jsonl"

    public var cloudkit: String { store + "/cloudkit" }
    public var lock: String { cloudkit + "/.lock" }
    public var state: String { cloudkit + "/sync.state" }
    public var status: String { store + "/" + Self.statusInStore }
    public var push: String { store + "/" + Self.pushInStore }
    public var history: String { store + "/history" }
    public var journal: String { store + "/" + Self.journalInStore }
    /// A cache of the journal that versions before 2026-11-26 wrote beside it; nothing reads it.
    var leftoverCheckpoint: String { history + "/done.checkpoint" }

    public func generation(_ number: Int) -> String {
        cloudkit + "/" + Self.generationName(number)
    }

    public func page(_ number: Int, generation: Int) -> String {
        self.generation(generation) + "/" + Self.pageName(number)
    }

    static func generationName(_ number: Int) -> String { "g" + padded(number) }
    static func pageName(_ number: Int) -> String { "p" + padded(number) + ".json" }

    /// The number in a name like `g000004` or `p000012.json`, else nil.
    static func number(in name: String, prefix: Character, suffix: String) -> Int? {
        guard name.first == prefix, name.hasSuffix(suffix) else { return nil }
        let digits = name.dropFirst().dropLast(suffix.count)
        guard digits.count == 6, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { return nil }
        return Int(digits)
    }

    private static func padded(_ number: Int) -> String {
        let text = String(number)
        return String(repeating: "0", count: max(0, 6 - text.count)) + text
    }
}
