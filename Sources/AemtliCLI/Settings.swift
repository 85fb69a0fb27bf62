import AemtliCore
import Foundation

/// The settings one run uses, resolved once from flags, `aemtli.json`, the environment and,
/// last, the clock (SPEC §3, §7). Everything after this point takes time and zone from here.
public struct Settings {
    public var now: Date
    public var timeZone: TimeZone
    public var language: Language
    public var title: String?
    public var baseURL: String?
    public var weekStart: WeekStart
    public var dueSoonDays: Int
    public var eventMinutes: Int
    public var configuration: Configuration

    /// The calendar for all wall-clock reasoning: the family's zone and week start.
    public var calendar: Calendar { .family(timeZone: timeZone, weekStart: weekStart) }

    /// The family's zone and week as the schedule engine uses them; built once per run.
    public private(set) lazy var time = FamilyTime(timeZone: timeZone, weekStart: weekStart, around: now)

    /// SPEC §4's view of the chores at now.
    public mutating func schedule() -> Schedule {
        Schedule(time: time, now: now, dueSoonDays: dueSoonDays)
    }

    static func resolve(
        _ arguments: ParsedArguments, configuration: Configuration, environment: CommandEnvironment
    ) throws -> Settings {
        let timeZone = try resolveTimeZone(arguments, configuration, environment)
        return Settings(
            now: try resolveNow(arguments, timeZone: timeZone, environment),
            timeZone: timeZone,
            language: arguments.value(.lang).flatMap(Language.init) ?? configuration.language ?? .en,
            title: configuration.title,
            baseURL: try validBaseURL(arguments.value(.baseURL).map { ($0, "--base-url", true) } ?? configuration.baseURL.map { ($0, "configuration \"baseURL\"", false) }),
            weekStart: configuration.weekStart ?? .monday,
            dueSoonDays: configuration.dueSoonDays ?? 3,
            eventMinutes: configuration.eventMinutes ?? 30,
            configuration: configuration)
    }

    /// An http or https address without spaces, for absolute links; nil when none is given.
    private static func validBaseURL(_ given: (value: String, source: String, isFlag: Bool)?) throws -> String? {
        guard let given else { return nil }
        let lowered = given.value.lowercased()
        guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://"), given.value.count > 8,
              !given.value.contains(where: { $0.isWhitespace || $0 == "\"" || $0 == "<" || $0 == ">" }) else {
            throw ConfigurationError(.invalidBaseURL(given.value), source: given.source, isFlag: given.isFlag)
        }
        return given.value
    }

    private static func resolveTimeZone(
        _ arguments: ParsedArguments, _ configuration: Configuration, _ environment: CommandEnvironment
    ) throws -> TimeZone {
        if let name = arguments.value(.timeZone) {
            return try zone(named: name, source: "--time-zone", isFlag: true)
        }
        if let name = configuration.timeZone {
            return try zone(named: name, source: "configuration \"timeZone\"", isFlag: false)
        }
        if let variable = environment.variables["TZ"], !variable.isEmpty,
           let zone = TimeZone(identifier: variable.hasPrefix(":") ? String(variable.dropFirst()) : variable) {
            return zone
        }
        return TimeZone(identifier: TimeZone.current.identifier) ?? TimeZone(identifier: "UTC")!
    }

    private static func zone(named name: String, source: String, isFlag: Bool) throws -> TimeZone {
        if let zone = TimeZone(identifier: name) { return zone }
        let suggestion = Suggestion.closest(to: name, among: TimeZone.knownTimeZoneIdentifiers)
        throw ConfigurationError(.unknownTimeZone(name, suggestion: suggestion), source: source, isFlag: isFlag)
    }

    private static func resolveNow(
        _ arguments: ParsedArguments, timeZone: TimeZone, _ environment: CommandEnvironment
    ) throws -> Date {
        if let text = arguments.value(.now) {
            switch ISODateTime.parse(text) {
            case .instant(let seconds)?:
                return Date(timeIntervalSince1970: seconds)
            case .date(let year, let month, let day)?:
                // Local midnight as the schedules define it (a midnight in a gap moves forward).
                let date = CivilDate(year: year, month: month, day: day)
                let nominal = Date(timeIntervalSince1970: Double(date.daysSinceEpoch) * 86_400)
                return FamilyTime(timeZone: timeZone, around: nominal).startOfDay(date)
            default:
                break
            }
            throw ConfigurationError(.invalidNow(text), source: "--now", isFlag: true)
        }
        if let epoch = environment.variables["SOURCE_DATE_EPOCH"], !epoch.isEmpty {
            guard let seconds = Int64(epoch) else {
                throw ConfigurationError(.invalidSourceDateEpoch(epoch), source: "SOURCE_DATE_EPOCH")
            }
            return Date(timeIntervalSince1970: Double(seconds))
        }
        return environment.clock()
    }
}
