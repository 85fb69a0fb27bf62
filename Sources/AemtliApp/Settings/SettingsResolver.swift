import AemtliCore
import Foundation

/// Works out the settings that come from more than one place (flag, configuration, environment)
/// and checks them, with a flag's bad value a usage error and a file's a data error.
struct SettingsResolver {
    let flags: SettingsFlags
    let configuration: Configuration
    let environment: CommandEnvironment

    /// `--time-zone`, else config `timeZone`, else `TZ` (also as `:Zone`), else the system's, else
    /// UTC, each looked up in the system's zone database (`ZoneDatabase`); with the notice to print
    /// when the zone's rules come from Foundation instead.
    func zone() throws -> (zone: FamilyZone, notice: String?) {
        let database = ZoneDatabase(environment: environment)
        if let name = flags.timeZone {
            if let found = try database.zone(named: name) { return found }
            let suggestion =
                Suggestion.closest(to: name, among: database.names()).map { " (did you mean '\($0)'?)" } ?? ""
            throw invalid("time-zone", name, "write an IANA zone name such as Europe/Zurich\(suggestion)")
        }
        if let name = configuration.timeZone {
            if let found = try database.zone(named: name) { return found }
            let suggestion = Suggestion.closest(to: name, among: database.names())
            throw ConfigurationError(
                .unknownTimeZone(name, suggestion: suggestion), source: "configuration \"timeZone\"")
        }
        if let variable = environment.variables["TZ"], !variable.isEmpty,
            let found = try database.zone(forVariable: variable)
        {
            return found
        }
        if let found = try database.zone(named: TimeZone.current.identifier) { return found }
        if let found = try database.zone(named: "UTC") { return found }
        return (FamilyZone(TimeZone(secondsFromGMT: 0) ?? TimeZone.current), nil)
    }

    /// The times aemtli reasons about: the years 1900 to 2999, as for record timestamps.
    static let supported = Date(timeIntervalSince1970: -2_208_988_800)..<Date(timeIntervalSince1970: 32_503_680_000)

    /// `--now` (with an offset; a date meaning local midnight; a date-time without an offset meaning
    /// that wall-clock time in the family's zone), else `SOURCE_DATE_EPOCH`; nil: the clock says.
    func fixedNow(in zone: FamilyZone) throws -> Date? {
        guard let now = try unchecked(in: zone) else { return nil }
        guard Self.supported.contains(now) else {
            if let text = flags.now {
                throw invalid("now", text, "write a time between the years 1900 and 2999")
            }
            throw ConfigurationError(
                .sourceDateEpochOutOfRange(environment.variables["SOURCE_DATE_EPOCH"] ?? ""),
                source: "SOURCE_DATE_EPOCH")
        }
        return now
    }

    private func unchecked(in zone: FamilyZone) throws -> Date? {
        if let text = flags.now {
            switch ISODateTime.parse(text) {
            case .instant(let seconds)?:
                return Date(timeIntervalSince1970: seconds)
            case .date(let year, let month, let day)?:
                // Local midnight as the schedules define it (a midnight in a gap moves forward).
                return Self.local(CivilDate(year: year, month: month, day: day), in: zone).startOfDay(
                    CivilDate(year: year, month: month, day: day))
            case .local(let year, let month, let day, let hour, let minute, let second)?:
                let date = CivilDate(year: year, month: month, day: day)
                return Self.local(date, in: zone).instant(
                    LocalDateTime(date: date, hour: hour, minute: minute, second: second))
            case nil:
                throw invalid(
                    "now", text,
                    "write a date-time like 2026-03-29T08:00:00+02:00, a local time like 2026-03-29T08:00, or a date like 2026-03-29"
                )
            }
        }
        if let epoch = environment.variables["SOURCE_DATE_EPOCH"], !epoch.isEmpty {
            guard let seconds = Int64(epoch) else {
                throw ConfigurationError(.invalidSourceDateEpoch(epoch), source: "SOURCE_DATE_EPOCH")
            }
            return Date(timeIntervalSince1970: Double(seconds))
        }
        return nil
    }

    /// An http or https address without spaces, for absolute links; nil when none is given.
    func baseURL() throws -> String? {
        if let value = flags.baseURL {
            guard Self.isAddress(value) else {
                throw invalid(
                    "base-url", value, "write the site's public http or https address, like https://example.org/chores")
            }
            return value
        }
        guard let value = configuration.baseURL else { return nil }
        guard Self.isAddress(value) else {
            throw ConfigurationError(.invalidBaseURL(value), source: "configuration \"baseURL\"")
        }
        return value
    }

    private static func isAddress(_ value: String) -> Bool {
        let lowered = value.lowercased()
        return (lowered.hasPrefix("https://") || lowered.hasPrefix("http://")) && value.count > 8
            && !value.contains(where: { $0.isWhitespace || $0 == "\"" || $0 == "<" || $0 == ">" })
    }

    /// The zone's rules around `date`, to turn a local time into an instant.
    private static func local(_ date: CivilDate, in zone: FamilyZone) -> FamilyTime {
        FamilyTime(zone: zone, around: Date(timeIntervalSince1970: Double(date.daysSinceEpoch) * 86_400))
    }

    /// A flag's bad value (`option` as in `--time-zone`, without the dashes).
    private func invalid(_ option: String, _ value: String, _ expectation: String) -> ConfigurationError {
        ConfigurationError(.invalidFlag(option: option, value: value, expectation: expectation), source: "--" + option)
    }
}
