import XCTest

@testable import AemtliCore

/// The lazy expansion against a naive day-by-day reference, for random chores and windows.
final class SchedulePropertyTests: XCTestCase {
    /// The reference: every day from the anchor on, kept when the recurrence says so; wall-clock
    /// times converted by trying every offset the zone has near that day, straight from `TimeZone`.
    func naive(_ chore: Chore, anchor: LocalDateTime, from: CivilDate, to: CivilDate, zone: TimeZone) -> [String] {
        var result: [String] = []
        var day = anchor.date
        while day < to {
            let matches: Bool
            switch chore.recurrence {
            case .daily: matches = true
            case .weekly: matches = anchor.date.days(to: day) % 7 == 0
            case .monthly: matches = day.day == min(anchor.date.day, CivilDate.daysIn(month: day.month, year: day.year))
            case .once: matches = day == anchor.date
            }
            if matches {
                let start = convert(LocalDateTime(date: day, millisecondOfDay: anchor.millisecondOfDay), zone)
                if let deadline = chore.deadline, start > deadline { break }
                // SPEC §4: an occurrence is its written day's, unless that whole day was skipped.
                let written = Double(day.daysSinceEpoch) * 86_400 + Double(anchor.millisecondOfDay) / 1000
                let real = start.timeIntervalSince1970 + Double(zone.secondsFromGMT(for: start))
                let owner = real - written < 86_400 ? day : CivilDate(daysSinceEpoch: Int(floor(real / 86_400)))
                if owner >= from && owner < to { result.append("\(owner) \(Int(start.timeIntervalSince1970))") }
            }
            day = day.adding(days: 1)
        }
        return result
    }

    func convert(_ local: LocalDateTime, _ zone: TimeZone) -> Date {
        let nominal = Double(local.date.daysSinceEpoch) * 86_400 + Double(local.millisecondOfDay) / 1000
        var offsets: Set<Int> = []
        for hour in stride(from: -48, through: 48, by: 1) {
            offsets.insert(zone.secondsFromGMT(for: Date(timeIntervalSince1970: nominal + Double(hour) * 3600)))
        }
        let valid = offsets.map { nominal - Double($0) }.filter {
            Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: $0))) == nominal - $0
        }
        if let first = valid.min() { return Date(timeIntervalSince1970: first) }
        // In a gap: read with the offset from before the gap, which moves it forward by the gap.
        return Date(
            timeIntervalSince1970: nominal
                - Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: nominal - 86_400))))
    }

    func testLazyExpansionEqualsTheNaiveReference() {
        var random = SplitMix64(seed: 20_261_122)  // deterministic, so a failure can be replayed
        let zones = [
            "Europe/Zurich", "America/New_York", "Australia/Sydney", "Asia/Kolkata", "Pacific/Chatham",
            "America/Havana", "America/Santiago", "America/Nuuk",
        ]
        let interestingTimes = [
            0, 30, 2 * 60 + 30, 2 * 60 + 50, 3 * 60, 3 * 60 + 15, 1 * 60 + 30, 12 * 60, 23 * 60 + 59,
        ]
        var compared = 0
        for round in 0..<640 {
            let zone = TimeZone(identifier: zones[round % zones.count])!
            let time = FamilyTime(timeZone: zone, around: Date(timeIntervalSince1970: 1_790_000_000))
            let recurrence = [Recurrence.daily, .weekly, .monthly][random.next(3)]
            let anchorDate = CivilDate(
                year: 2020 + random.next(8), month: 1 + random.next(12), day: 1 + random.next(31)
            )
            .adding(days: 0)  // normalises a day past the month's end into the next month
            let minutes = interestingTimes[random.next(interestingTimes.count)]
            let anchor = LocalDateTime(date: anchorDate, hour: minutes / 60, minute: minutes % 60)
            let anchorInstant = time.instant(anchor)
            let deadline =
                random.next(3) == 0 ? anchorInstant.addingTimeInterval(Double(random.next(400)) * 86_400 + 3600) : nil
            let chore = Chore(
                id: "C\(round)", title: "T", dueDate: anchorInstant, recurrence: recurrence,
                createdAt: Date(timeIntervalSince1970: 0), deadline: deadline)
            let from = anchorDate.adding(days: random.next(900) - 100)
            let to = from.adding(days: 1 + random.next(120))
            let lazy = chore.occurrences(from: from, to: to, in: time).map {
                "\($0.date) \(Int($0.start.timeIntervalSince1970))"
            }
            let effectiveAnchor = time.local(anchorInstant)
            let reference = naive(
                chore,
                anchor: LocalDateTime(
                    date: anchorDate,
                    millisecondOfDay: effectiveAnchor.date == anchorDate
                        ? effectiveAnchor.millisecondOfDay : anchor.millisecondOfDay),
                from: from, to: to, zone: zone)
            XCTAssertEqual(
                lazy, reference,
                "round \(round): \(zone.identifier) \(recurrence) from \(anchor) window \(from)..<\(to) deadline \(String(describing: deadline))"
            )
            compared += lazy.count
        }
        XCTAssertGreaterThan(compared, 2000, "the windows should hold enough occurrences to mean something")
    }
}
