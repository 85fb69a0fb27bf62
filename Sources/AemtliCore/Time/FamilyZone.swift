import Foundation
import TZif

/// The family's time zone: its IANA name and where its rules come from. The command line reads the
/// system's TZif file and hands it here; Foundation's `TimeZone` (the Swift toolchain's own copy of
/// the zone data) only stands in where the system has no file for the zone.
public struct FamilyZone: Sendable {
    public enum Rules: Sendable {
        case tzif(TZifZone)
        case foundation(TimeZone)
    }

    public let identifier: String
    public let rules: Rules

    public init(identifier: String, rules: Rules) {
        self.identifier = identifier
        self.rules = rules
    }

    /// A zone taken from Foundation, for tests and for where no zone file exists.
    public init(_ timeZone: TimeZone) {
        self.init(identifier: timeZone.identifier, rules: .foundation(timeZone))
    }

    /// Seconds east of UTC at an instant (seconds since 1970).
    public func offset(atSeconds seconds: Int64) -> Int {
        switch rules {
        case .tzif(let zone): return zone.localTimeType(at: seconds).offset
        case .foundation(let zone): return zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds)))
        }
    }

    /// Every change of offset in `[start, end)`: (instant in seconds, offset from then on).
    public func offsetChanges(from start: Int64, to end: Int64) -> [(at: Int64, offset: Int)] {
        switch rules {
        case .tzif(let zone):
            return zone.changes(from: start, to: end).compactMap {
                $0.before.offset == $0.after.offset ? nil : ($0.at, $0.after.offset)
            }
        case .foundation(let zone):
            var table: [(Int64, Int)] = []
            var cursor = Date(timeIntervalSince1970: Double(start - 1))
            let limit = Date(timeIntervalSince1970: Double(end))
            while let next = zone.nextDaylightSavingTimeTransition(after: cursor), next < limit {
                table.append((Int64(next.timeIntervalSince1970.rounded()), zone.secondsFromGMT(for: next)))
                cursor = next
            }
            return table
        }
    }

    /// Foundation's `TimeZone` for the zone, for calendars (the demo family): by name, else the
    /// fixed offset it has at `date`.
    public func foundationTimeZone(at date: Date) -> TimeZone {
        if case .foundation(let zone) = rules { return zone }
        let offset = offset(atSeconds: Int64(date.timeIntervalSince1970.rounded(.down)))
        return TimeZone(identifier: identifier) ?? TimeZone(secondsFromGMT: offset) ?? TimeZone.current
    }
}
