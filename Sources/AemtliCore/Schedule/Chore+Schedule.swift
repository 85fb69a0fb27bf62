import Foundation

extension Chore {
    /// The anchor of a recurring series (SPEC §4): the due date if set, else the creation time.
    public var anchor: Date { dueDate ?? createdAt }

    /// The occurrences whose day (`Occurrence.date`) lies in `[from, to)`, in order. Work is
    /// proportional to the window, not to the age of the series.
    public func occurrences(from: CivilDate, to: CivilDate, in time: FamilyTime) -> [Occurrence] {
        var result: [Occurrence] = []
        forEachOccurrence(from: from, to: to, in: time) { result.append($0) }
        return result
    }

    /// The same occurrences handed to `body` one by one, in order, with no array made.
    func forEachOccurrence(from: CivilDate, to: CivilDate, in time: FamilyTime, _ body: (Occurrence) -> Void) {
        guard from < to else { return }
        if recurrence == .once {
            guard let due = dueDate ?? deadline else { return }
            let occurrence = makeOccurrence(at: due, in: time)
            if occurrence.date >= from && occurrence.date < to { body(occurrence) }
            return
        }
        let anchorTime = time.local(anchor)
        var index = firstIndex(reaching: from, anchor: anchorTime.date)
        while true {
            let date = nominalDate(index, anchor: anchorTime.date)
            if date >= to { break }
            let written = LocalDateTime(date: date, millisecondOfDay: anchorTime.millisecondOfDay)
            let (start, actual) = time.resolve(written)
            if let deadline, start > deadline { break }
            // A time moved forward out of a gap keeps its moved wall-clock time, and its day by
            // `Occurrence.day`; an all-day occurrence keeps its day.
            let isAllDay = anchorTime.millisecondOfDay == 0
            let occurrence = Occurrence(
                choreID: id, start: start, written: written, local: isAllDay ? written : actual, isAllDay: isAllDay)
            if occurrence.date >= from && occurrence.date < to { body(occurrence) }
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

    /// The day of the series' `index`th occurrence as the calendar names it.
    private func nominalDate(_ index: Int, anchor: CivilDate) -> CivilDate {
        switch recurrence {
        case .once, .daily: return anchor.adding(days: index)
        case .weekly: return anchor.adding(days: 7 * index)
        case .monthly: return anchor.adding(months: index, day: anchor.day)
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
        return Occurrence(
            choreID: id, start: local.isMidnight ? time.startOfDay(local.date) : instant, written: local, local: local,
            isAllDay: local.isMidnight)
    }
}
