import Foundation
import ICalendar
import XCTest

/// The generated VTIMEZONE, read back by a small independent evaluator, gives the zone
/// database's offset at every hour, including years after the range it was generated for.
final class ICalendarTimeZoneTests: XCTestCase {
    struct Observance {
        var start: (date: DateComponents, seconds: Int)
        var from: Int
        var to: Int
        var month: Int?
        var byDay: (ordinal: Int, weekday: Int)?
        var until: Date?
        var rdates: [DateComponents] = []
    }

    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    func parse(_ text: String) -> [Observance] {
        let lines = text.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n")
        var result: [Observance] = []
        var current: Observance?
        func stamp(_ value: String) -> DateComponents {
            let digits = Array(value.filter(\.isNumber))
            func number(_ range: Range<Int>) -> Int { Int(String(digits[range]))! }
            return DateComponents(
                year: number(0..<4), month: number(4..<6), day: number(6..<8), hour: number(8..<10),
                minute: number(10..<12), second: number(12..<14))
        }
        func offset(_ value: String) -> Int {
            let sign = value.hasPrefix("-") ? -1 : 1
            let digits = Array(value.dropFirst())
            return sign * (Int(String(digits[0..<2]))! * 3600 + Int(String(digits[2..<4]))! * 60)
        }
        for line in lines {
            let parts = line.split(separator: ":", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { continue }
            switch parts[0] {
            case "BEGIN" where parts[1] == "STANDARD" || parts[1] == "DAYLIGHT":
                current = Observance(start: (DateComponents(), 0), from: 0, to: 0)
            case "END" where parts[1] == "STANDARD" || parts[1] == "DAYLIGHT":
                result.append(current!)
                current = nil
            case "DTSTART": current?.start = (stamp(parts[1]), 0)
            case "TZOFFSETFROM": current?.from = offset(parts[1])
            case "TZOFFSETTO": current?.to = offset(parts[1])
            case "RDATE": current?.rdates += parts[1].split(separator: ",").map { stamp(String($0)) }
            case "RRULE":
                for rule in parts[1].split(separator: ";") {
                    let pair = rule.split(separator: "=").map(String.init)
                    switch pair[0] {
                    case "BYMONTH": current?.month = Int(pair[1])
                    case "BYDAY":
                        let weekday =
                            ["SU", "MO", "TU", "WE", "TH", "FR", "SA"].firstIndex(of: String(pair[1].suffix(2)))! + 1
                        current?.byDay = (Int(pair[1].dropLast(2))!, weekday)
                    case "UNTIL": current?.until = Self.utc.date(from: stamp(pair[1]))
                    default: break
                    }
                }
            default: break
            }
        }
        return result
    }

    /// Every onset up to `lastYear`, as (instant, offset from then on).
    func onsets(_ observances: [Observance], through lastYear: Int) -> [(Date, Int)] {
        var result: [(Date, Int)] = []
        for observance in observances {
            var locals = [observance.start.date] + observance.rdates
            if let month = observance.month, let byDay = observance.byDay {
                for year in (observance.start.date.year! + 1)...lastYear {
                    var components = DateComponents(
                        year: year, month: month, weekday: byDay.weekday, weekdayOrdinal: byDay.ordinal)
                    components.hour = observance.start.date.hour
                    components.minute = observance.start.date.minute
                    components.second = observance.start.date.second
                    let day = Self.utc.date(from: components)!
                    var local = Self.utc.dateComponents([.year, .month, .day, .hour, .minute, .second], from: day)
                    local.calendar = nil
                    locals.append(local)
                }
            }
            for local in locals {
                let instant = Self.utc.date(from: local)!.addingTimeInterval(-Double(observance.from))
                if let until = observance.until, instant > until { continue }
                result.append((instant, observance.to))
            }
        }
        return result.sorted { $0.0 < $1.0 }
    }

    func testOffsetsMatchTheZoneDatabaseEveryHour() throws {
        let start = Self.utc.date(from: DateComponents(year: 2024, month: 1, day: 1))!
        let end = Self.utc.date(from: DateComponents(year: 2031, month: 12, day: 31))!
        for name in ["Europe/Zurich", "America/New_York", "Australia/Sydney", "Asia/Kolkata", "Pacific/Chatham"] {
            let zone = TimeZone(identifier: name)!
            let observances = parse(ICalendarTimeZone.component(for: zone, from: start, to: end).serialized())
            XCTAssertFalse(observances.isEmpty, name)
            let table = onsets(observances, through: 2036)
            var mismatches: [String] = []
            // Through 2035: four years past the generated range, where only open rules can answer.
            for hour in stride(from: 0, to: 12 * 366 * 24, by: 1) {
                let instant = start.addingTimeInterval(Double(hour) * 3600)
                if instant >= Self.utc.date(from: DateComponents(year: 2036, month: 1, day: 1))! { break }
                let expected = zone.secondsFromGMT(for: instant)
                let computed = table.last { $0.0 <= instant }?.1 ?? observances.first!.from
                if computed != expected, mismatches.count < 3 {
                    mismatches.append("\(instant): \(computed) vs \(expected)")
                }
            }
            XCTAssertEqual(mismatches, [], name)
        }
    }

    func testAZoneWithoutTransitionsHasOneStandardComponent() {
        let text = ICalendarTimeZone.component(
            for: TimeZone(identifier: "Asia/Kolkata")!, from: Date(timeIntervalSince1970: 1_700_000_000),
            to: Date(timeIntervalSince1970: 1_900_000_000)
        ).serialized()
        XCTAssertEqual(
            text,
            "BEGIN:VTIMEZONE\r\nTZID:Asia/Kolkata\r\nBEGIN:STANDARD\r\nDTSTART:19700101T000000\r\nTZOFFSETFROM:+0530\r\nTZOFFSETTO:+0530\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\n"
        )
    }

    func testARegularZoneIsTwoOpenYearlyRules() {
        let start = Self.utc.date(from: DateComponents(year: 2026, month: 1, day: 1))!
        let text = ICalendarTimeZone.component(
            for: TimeZone(identifier: "Europe/Zurich")!, from: start, to: start.addingTimeInterval(5 * 366 * 86_400)
        ).serialized()
        // TZNAME is left out where the system only knows "GMT+1"-style names, as on Linux.
        // The last change before the range (2025-10-26) and then yearly rules: last Sunday of March
        // 02:00 CET → CEST, last Sunday of October 03:00 CEST → CET.
        XCTAssertEqual(
            text,
            """
            BEGIN:VTIMEZONE\r
            TZID:Europe/Zurich\r
            X-LIC-LOCATION:Europe/Zurich\r
            BEGIN:STANDARD\r
            DTSTART:20251026T030000\r
            TZOFFSETFROM:+0200\r
            TZOFFSETTO:+0100\r
            RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU\r
            END:STANDARD\r
            BEGIN:DAYLIGHT\r
            DTSTART:20260329T020000\r
            TZOFFSETFROM:+0100\r
            TZOFFSETTO:+0200\r
            RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU\r
            END:DAYLIGHT\r
            END:VTIMEZONE\r

            """)
    }
}
