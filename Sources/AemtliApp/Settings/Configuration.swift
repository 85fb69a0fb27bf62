import AemtliCore
import JSON

/// The settings in `aemtli.json` (SPEC §7). Every key is optional; flags override them.
public struct Configuration: Equatable {
    public var title: String?
    public var timeZone: String?
    public var language: Language?
    public var baseURL: String?
    public var weekStart: WeekStart?
    public var dueSoonDays: Int?
    public var eventMinutes: Int?
    public var reminderMinutes: Int?
    public var refreshMinutes: Int?
    public var privateFeeds: Bool?
    public var staleAfterMinutes: Int?
    /// How often `aemtli serve` syncs (SPEC §9; at least 15).
    public var syncEverySeconds: Int?
    /// Names besides its own addresses under which `aemtli serve` may be reached (a `Host` header).
    public var serveHostNames: [String]?
    /// Whether `aemtli serve` lets paired devices tick chores (SPEC §10; default off).
    public var ticks: Bool?
    /// The public origins of an HTTPS reverse proxy in front of `aemtli serve` (`https://chores.example`),
    /// accepted as a tick's `Origin` besides the server's own (SPEC §10).
    public var origins: [String]?
    /// The folder `build` and `serve` write (SPEC §7), so the timer, the unit and the tablet agree.
    public var out: String?
    /// The store every command reads and `sync` writes (SPEC §7).
    public var store: String?
    /// SPEC §8.1's `cloudkit` object, for `aemtli sync`.
    public var cloudkit = CloudKitConfiguration()

    public init() {}

    static let knownKeys = [
        "title", "timeZone", "language", "baseURL", "weekStart", "dueSoonDays",
        "eventMinutes", "reminderMinutes", "refreshMinutes", "privateFeeds", "staleAfterMinutes", "syncEverySeconds",
        "serveHostNames", "ticks", "origins", "out", "store", "cloudkit",
    ]

    /// Reads the configuration from `bytes`; unknown keys come back as warnings, and a key within
    /// one edit of a known one is an error (SPEC §7).
    static func parse(_ bytes: [UInt8], source: String) throws -> (Configuration, [String]) {
        let document: JSONValue
        do {
            document = try JSONParser.parse(bytes)
        } catch let error as JSONError {
            throw ConfigurationError(.invalidJSON(error), source: source)
        }
        guard let object = document.objectValue else { throw ConfigurationError(.notAnObject, source: source) }
        try refuseSlips(in: object, known: knownKeys, source: source)
        if let cloudkit = object["cloudkit"]?.objectValue {
            try refuseSlips(in: cloudkit, known: CloudKitConfiguration.knownKeys, source: source, prefix: "cloudkit.")
        }
        var configuration = Configuration()
        let reader = KeyReader(object: object, source: source)
        configuration.title = try reader.string("title")
        configuration.timeZone = try reader.string("timeZone")
        configuration.baseURL = try reader.string("baseURL")
        configuration.weekStart = try reader.choice("weekStart", WeekStart.allCases.map(\.rawValue)).flatMap(
            WeekStart.init)
        configuration.language = try reader.choice(
            "language", Language.allCases.map(\.rawValue), suggest: { Language.named($0)?.rawValue }
        ).flatMap(Language.init)
        configuration.dueSoonDays = try reader.integer("dueSoonDays", 0...365)
        configuration.eventMinutes = try reader.integer("eventMinutes", 1...1440)
        configuration.reminderMinutes = try reader.integer("reminderMinutes", 0...10_080)
        configuration.refreshMinutes = try reader.integer("refreshMinutes", 0...1440)
        configuration.privateFeeds = try reader.bool("privateFeeds")
        configuration.staleAfterMinutes = try reader.integer("staleAfterMinutes", 1...100_000)
        configuration.syncEverySeconds = try reader.integer("syncEverySeconds", 15...86_400)
        configuration.serveHostNames = try reader.strings("serveHostNames")
        configuration.ticks = try reader.bool("ticks")
        configuration.origins = try reader.origins("origins")
        configuration.out = try reader.folder("out")
        configuration.store = try reader.folder("store")
        var warnings = unknownKeys(of: object, known: knownKeys, source: source)
        if let value = object["cloudkit"], value != .null {
            guard let cloudkit = value.objectValue else {
                throw reader.mistyped("cloudkit", "an object of CloudKit settings", value)
            }
            let inner = KeyReader(object: cloudkit, source: source, prefix: "cloudkit.")
            configuration.cloudkit = try CloudKitConfiguration(inner)
            warnings += unknownKeys(
                of: cloudkit, known: CloudKitConfiguration.knownKeys, source: source, prefix: "cloudkit.")
        }
        return (configuration, warnings)
    }

    /// Stops at the first unknown key (in sorted order) that is a slip for a known one: "timezone"
    /// read as a mere warning left the family's zone to TZ, and every time on the wall an hour off.
    private static func refuseSlips(
        in object: JSONObject, known: [String], source: String, prefix: String = ""
    ) throws {
        for key in object.keys.filter({ !known.contains($0) }).sorted() {
            if let meant = Suggestion.slip(key, among: known) {
                throw ConfigurationError(.slipForKnownKey(key: prefix + key, known: prefix + meant), source: source)
            }
        }
    }

    /// The warnings for unknown keys further than a slip from every known one, with the nearest
    /// when there is one.
    private static func unknownKeys(
        of object: JSONObject, known: [String], source: String, prefix: String = ""
    ) -> [String] {
        object.keys.filter { !known.contains($0) }.sorted().map { key in
            if let near = Suggestion.closest(to: key, among: known) {
                return
                    "\(source): \"\(prefix)\(key)\" is not a setting aemtli knows; it is ignored. Did you mean \"\(prefix)\(near)\"?"
            }
            return
                "\(source): \"\(prefix)\(key)\" is not a setting aemtli knows; it is ignored (known: \(known.map { prefix + $0 }.joined(separator: ", ")))."
        }
    }

    struct KeyReader {
        let object: JSONObject
        let source: String
        /// `cloudkit.` for the keys inside that object, in messages.
        var prefix = ""

        func string(_ key: String) throws -> String? {
            guard let value = object[key], value != .null else { return nil }
            guard let text = value.stringValue else { throw mistyped(key, "a string", value) }
            return text
        }

        /// A folder's path: a string that names something.
        func folder(_ key: String) throws -> String? {
            guard let text = try string(key) else { return nil }
            guard !text.isEmpty, !text.contains("\u{0}") else {
                throw mistyped(key, "the path of a folder", .string(text))
            }
            return text
        }

        /// One of `choices`; `suggest` names the one a wrong value most likely meant.
        func choice(_ key: String, _ choices: [String], suggest: (String) -> String? = { _ in nil }) throws -> String? {
            guard let text = try string(key) else { return nil }
            guard choices.contains(text) else {
                throw ConfigurationError(
                    .notAChoice(
                        key: prefix + key, choices: choices, found: JSONValue.string(text).snippet,
                        suggestion: suggest(text)),
                    source: source)
            }
            return text
        }

        func integer(_ key: String, _ range: ClosedRange<Int>) throws -> Int? {
            guard let value = object[key], value != .null else { return nil }
            guard let number = value.integerValue, range.contains(Int(number)) else {
                throw mistyped(key, "a whole number from \(range.lowerBound) to \(range.upperBound)", value)
            }
            return Int(number)
        }

        func strings(_ key: String) throws -> [String]? {
            guard let value = object[key], value != .null else { return nil }
            guard let list = value.arrayValue?.compactMap(\.stringValue), list.count == value.arrayValue?.count else {
                throw mistyped(key, "a list of strings", value)
            }
            return list
        }

        /// Web origins as a browser sends them in `Origin`: `https://` or `http://`, a host, an
        /// optional port, and nothing after it (no path, not even `/`).
        func origins(_ key: String) throws -> [String]? {
            // A browser sends an origin's scheme and host in lower case.
            guard let list = try strings(key)?.map({ $0.lowercased() }) else { return nil }
            for origin in list {
                let rest = origin.hasPrefix("https://") ? origin.dropFirst(8) : origin.dropFirst(7)
                let valid =
                    (origin.hasPrefix("https://") || origin.hasPrefix("http://")) && !rest.isEmpty
                    && rest.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-.:[]".contains($0)) }
                guard valid else {
                    throw mistyped(key, "a list of origins like \"https://chores.example\" (no path)", .string(origin))
                }
            }
            return list
        }

        func bool(_ key: String) throws -> Bool? {
            guard let value = object[key], value != .null else { return nil }
            guard let flag = value.boolValue else { throw mistyped(key, "true or false", value) }
            return flag
        }

        func mistyped(_ key: String, _ expected: String, _ value: JSONValue) -> ConfigurationError {
            ConfigurationError(.wrongType(key: prefix + key, expected: expected, found: value.snippet), source: source)
        }
    }
}
