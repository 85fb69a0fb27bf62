import Foundation

extension Chore {
    /// The anchor of a recurring series (SPEC §4): the due date if set, else the creation time.
    public var anchor: Date { dueDate ?? createdAt }

    /// The occurrences whose local start date lies in `[from, to)`, in order. Work is
    /// proportional to the window, not to the age of the series.
    public func occurrences(from: CivilDate, to: CivilDate, in time: FamilyTime) -> [Occurrence] {
        var result: [Occurrence] = []
        forEachOccurrence(from: from, to: to, in: time) { result.append($0) }
        return result
    }

    /// The same occurrences handed to `body` one by one, in order, with no array made.
    func forEachOccurrence(from: CivilDate, to: CivilDate, in time: FamilyTime, _ body: (Occurrence) -> Void) {
        forEachOccurrenceDay(from: from, to: to, in: time) { _, occurrence in body(occurrence()) }
    }

    /// The local day of each of those occurrences, as days since 1970-01-01, worked out in whole
    /// numbers; `occurrence` makes the whole value when it is wanted. History walks a year of
    /// them for each of 20 000 chores and needs most only for their days.
    func forEachOccurrenceDay(from: CivilDate, to: CivilDate, in time: FamilyTime, _ body: (_ day: Int, _ occurrence: () -> Occurrence) -> Void) {
        guard from < to else { return }
        if recurrence == .once {
            guard let due = dueDate ?? deadline else { return }
            let occurrence = makeOccurrence(at: due, in: time)
            if occurrence.date >= from && occurrence.date < to { body(occurrence.date.daysSinceEpoch) { occurrence } }
            return
        }
        let anchorTime = time.local(anchor)
        let (fromDay, toDay) = (from.daysSinceEpoch, to.daysSinceEpoch)
        let millisecondOfDay = Int64(anchorTime.millisecondOfDay)
        var index = firstIndex(reaching: from, anchor: anchorTime.date)
        let anchorDay = anchorTime.date.daysSinceEpoch
        while true {
            let date = nominalDay(index, anchor: anchorTime.date, anchorDay: anchorDay)
            if date >= toDay { break }
            let nominal = Int64(date) * 86_400_000 + millisecondOfDay
            let (start, actual) = time.resolve(nominalMillis: nominal)
            if let deadline, Date(timeIntervalSince1970: Double(start) / 1000) > deadline { break }
            // A time moved forward out of a gap keeps its moved wall-clock time and day; an
            // all-day occurrence keeps its day.
            let isAllDay = millisecondOfDay == 0
            let moved = isAllDay || actual == nominal ? nil : LocalDateTime(nominalMillis: actual)
            let day = moved?.date.daysSinceEpoch ?? date
            if day >= fromDay && day < toDay {
                body(day) {
                    let local = moved ?? LocalDateTime(date: CivilDate(daysSinceEpoch: date), millisecondOfDay: Int(millisecondOfDay))
                    return Occurrence(choreID: id, start: Date(timeIntervalSince1970: Double(start) / 1000), local: local, isAllDay: isAllDay)
                }
            }
            index += 1
        }
    }

    /// The occurrence inside the local dates of `period`, if any: for recurring chores the one
    /// of the current day, week or month.
    func occurrence(in period: Range<CivilDate>, time: FamilyTime) -> Occurrence? {
        occurrences(from: period.lowerBound, to: period.upperBound, in: time).first
    }

    /// The first occurrence starting at or after `date`'s local day, looking ahead at most `days`.
    func nextOccurrence(onOrAfter date: CivilDate, in time: FamilyTime, within days: Int = 400) -> Occurrence? {
        occurrences(from: date, to: date.adding(days: days), in: time).first
    }

    /// The day of the series' `index`th occurrence as the calendar names it, as days since 1970;
    /// `anchorDay` is `anchor`'s, worked out once for the whole walk.
    private func nominalDay(_ index: Int, anchor: CivilDate, anchorDay: Int) -> Int {
        switch recurrence {
        case .once, .daily: return anchorDay + index
        case .weekly: return anchorDay + 7 * index
        case .monthly: return anchor.adding(months: index, day: anchor.day).daysSinceEpoch
        }
    }

    /// A series index whose occurrence falls a little before `from` (or 0): where to start looking.
    private func firstIndex(reaching from: CivilDate, anchor: CivilDate) -> Int {
        switch recurrence {
        case .once, .daily: return max(0, anchor.days(to: from) - 1)
        case .weekly: return max(0, anchor.days(to: from) / 7 - 1)
        case .monthly: return max(0, anchor.months(to: from) - 1)
        }
    }

    private func makeOccurrence(at instant: Date, in time: FamilyTime) -> Occurrence {
        let local = time.local(instant)
        return Occurrence(choreID: id, start: local.isMidnight ? time.startOfDay(local.date) : instant, local: local, isAllDay: local.isMidnight)
    }
}
