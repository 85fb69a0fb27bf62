import AemtliCore
import Foundation

/// A stretch of wall-clock time that a zone skips when its offset grows (summer time begins), as
/// the feeds need it: the written times it holds and the two offsets around it. Engines disagree
/// on a time written inside one (SPEC §5, "Gap days"), so feeds take such occurrences out of the
/// series and write each at its real time.
struct SpringForwardGap {
    /// Offsets in seconds east of UTC before and after the change.
    let offsetBefore: Int
    let offsetAfter: Int
    /// The first skipped wall-clock time and the one after the last, in seconds since
    /// 1970-01-01 00:00 as if they were UTC.
    private let firstSkipped: Int64
    private let firstKept: Int64

    /// Every gap shorter than a day whose change lies in `[start, end]`. Whole skipped days
    /// (Samoa 2011, Kwajalein 1993) are left out: their occurrences keep the plain series.
    static func gaps(of zone: FamilyZone, from start: Date, to end: Date) -> [SpringForwardGap] {
        let first = Int64(start.timeIntervalSince1970.rounded(.down))
        let last = Int64(end.timeIntervalSince1970.rounded(.down))
        var before = zone.offset(atSeconds: first - 1)
        var result: [SpringForwardGap] = []
        for change in zone.offsetChanges(from: first, to: last + 1) {
            let length = change.offset - before
            if length > 0, length < 86_400 {
                result.append(
                    SpringForwardGap(
                        offsetBefore: before, offsetAfter: change.offset,
                        firstSkipped: change.at + Int64(before), firstKept: change.at + Int64(change.offset)))
            }
            before = change.offset
        }
        return result
    }

    /// The days whose `millisecondOfDay` falls inside the gap, as days since 1970 (at most two,
    /// since the gap is shorter than a day).
    func days(at millisecondOfDay: Int) -> [Int] {
        let second = Int64(millisecondOfDay / 1000)
        let firstDay = Self.floorDays(firstSkipped)
        return [firstDay, firstDay + 1].filter { day in
            let written = day * 86_400 + second
            return written >= firstSkipped && written < firstKept
        }.map { Int($0) }
    }

    /// The UTC times a written time inside the gap names at the offset before and at the one
    /// after it: the two instants engines compute for it, which an EXDATE must both name. ical.js
    /// drops the seconds of a UTC offset (La Paz's −4:32:36 until 1931), so where an offset has
    /// some, the two instants it computes with whole minutes are named as well.
    func instants(of written: LocalDateTime) -> [Date] {
        let seconds = Double(written.date.daysSinceEpoch) * 86_400 + Double(written.millisecondOfDay) / 1000
        let exact = [offsetBefore, offsetAfter]
        let offsets = exact + exact.map { $0 / 60 * 60 }.filter { !exact.contains($0) }
        return offsets.map { Date(timeIntervalSince1970: seconds - Double($0)) }
    }

    private static func floorDays(_ seconds: Int64) -> Int64 {
        seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    }
}
