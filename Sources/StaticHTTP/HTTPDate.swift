import CivilCalendar

/// HTTP dates in the one form servers send (IMF-fixdate: `Sun, 06 Nov 1994 08:49:37 GMT`),
/// computed in integers without Foundation's formatters, which are slow and not safe to share
/// between threads on every platform.
enum HTTPDate {
    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func format(_ seconds: Int) -> String {
        let days = CivilDays.day(ofSeconds: Int64(seconds))
        let secondOfDay = seconds - days * 86_400
        let date = CivilDays.date(fromDays: days)
        return "\(weekdays[CivilDays.weekday(days)]), \(two(date.day)) \(months[date.month - 1]) \(date.year) "
            + "\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60)) GMT"
    }

    /// Seconds since 1970 of an IMF-fixdate; nil for anything else (the two obsolete forms
    /// included: a date not understood only costs a full answer instead of a 304).
    static func parse(_ text: String) -> Int? {
        let parts = text.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 6, parts[0].count == 4, parts[0].hasSuffix(","), parts[5] == "GMT",
            parts[1].count == 2, let day = Int(parts[1]), let month = months.firstIndex(of: String(parts[2])),
            parts[3].count == 4, let year = Int(parts[3])
        else { return nil }
        let clock = parts[4].split(separator: ":", omittingEmptySubsequences: false)
        guard clock.count == 3, clock.allSatisfy({ $0.count == 2 }),
            let hour = Int(clock[0]), let minute = Int(clock[1]), let second = Int(clock[2]),
            (1...31).contains(day), (0..<24).contains(hour), (0..<60).contains(minute), (0...60).contains(second)
        else { return nil }
        return CivilDays.days(year: year, month: month + 1, day: day) * 86_400 + hour * 3600 + minute * 60 + second
    }

    private static func two(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
