import Foundation

/// A completion journal (SPEC §8.5) for a synthetic store, as if every recurring chore had been
/// ticked in every period and `aemtli sync` had run every 15 minutes for `weeks` weeks up to
/// `now`, writing its sync lines by sync's own rule (`JournalLine.syncLineDue`): for measuring
/// History on a realistic journal. Each tick is 10 minutes before the due time (never before its
/// period), the app clears the flag one minute into the next period, and each line is in the
/// journal after the sync that saw it. The same family and now give the same bytes.
public struct SyntheticJournal {
    public let family: Family
    public let schedule: Schedule
    public let weeks: Int

    public init(family: Family, schedule: Schedule, weeks: Int) {
        self.family = family
        self.schedule = schedule
        self.weeks = weeks
    }

    public func bytes() -> [UInt8] {
        let time = schedule.time
        let now = schedule.now.millis
        let start = now - Int64(weeks) * 7 * 86_400_000
        let first = time.local(Date(millis: start)).date
        var events: [(at: Int64, chore: Int, event: JournalEvent)] = []
        for (index, chore) in family.chores.enumerated() where chore.recurrence != .once {
            for occurrence in chore.occurrences(from: first, to: schedule.today.adding(days: 1), in: time) {
                let period = CurrentPeriods.period(
                    containing: occurrence.date, chore.recurrence, weekStart: time.weekStart)
                let begins = time.startOfDay(period.lowerBound).millis
                let ends = time.startOfDay(period.upperBound).millis
                let due = schedule.dueTime(of: chore, occurrence: occurrence).instant.millis
                let tick = max(begins + 60_000, due - 600_000)
                guard tick > start, tick < now else { continue }
                events.append((tick, index, event(chore, .done, at: tick, period: period.lowerBound)))
                if ends + 60_000 < now {
                    let next =
                        chore.recurrence == .monthly ? period.lowerBound.adding(months: 1, day: 1) : period.upperBound
                    events.append((ends + 60_000, index, event(chore, .undone, at: ends + 60_000, period: next)))
                }
            }
        }
        events.sort { ($0.at, $0.chore) < ($1.at, $1.chore) }
        var output: [UInt8] = []
        var cursor = 0
        var lastLine: Date?
        var sync = start - start % 900_000 + 900_000
        while sync <= now {
            let before = cursor
            while cursor < events.count, events[cursor].at <= sync {
                output += JournalLine.event(events[cursor].event).bytes
                cursor += 1
            }
            let ran = Date(millis: sync)
            let due = JournalLine.syncLineDue(
                at: ran, lastLine: lastLine, previousRunFailed: false, wroteEvents: cursor > before, time: time)
            if due {
                output += JournalLine.sync(sync).bytes
                lastLine = ran
            }
            sync += 900_000
        }
        return output
    }

    private func event(_ chore: Chore, _ kind: JournalEvent.Kind, at: Int64, period: CivilDate) -> JournalEvent {
        JournalEvent(
            choreID: chore.id, kind: kind, at: at, assignedTo: chore.assigneeID, period: period.description,
            title: chore.title, changeTag: "s\(at % 1_000_000)")
    }
}
