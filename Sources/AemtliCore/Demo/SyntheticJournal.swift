import Foundation
import JSON

/// A completion journal (SPEC §8.5) for a synthetic store, as if every recurring chore had been
/// ticked in every period and `aemtli sync` had run every 15 minutes for `weeks` weeks up to
/// `now`: for measuring History on a realistic journal. Each tick is 10 minutes before the due
/// time (never before its period), the app clears the flag one minute into the next period, and
/// each line is in the journal after the sync that saw it. The same family and now give the same bytes.
public struct SyntheticJournal {
    public let family: Family
    public let schedule: Schedule
    public let weeks: Int

    public init(family: Family, schedule: Schedule, weeks: Int) {
        self.family = family
        self.schedule = schedule
        self.weeks = weeks
    }

    private struct Line {
        var at: Int64
        var chore: Int32
        var isDone: Bool
        var period: CivilDate
    }

    public func bytes() -> [UInt8] {
        let time = schedule.time
        let now = FamilyTime.millis(schedule.now)
        let start = now - Int64(weeks) * 7 * 86_400_000
        let first = time.local(Date(timeIntervalSince1970: Double(start) / 1000)).date
        var lines: [Line] = []
        for (index, chore) in family.chores.enumerated() where chore.recurrence != .once {
            for occurrence in chore.occurrences(from: first, to: schedule.today.adding(days: 1), in: time) {
                let period = CurrentPeriods.period(containing: occurrence.date, chore.recurrence, weekStart: time.weekStart)
                let begins = FamilyTime.millis(time.startOfDay(period.lowerBound))
                let ends = FamilyTime.millis(time.startOfDay(period.upperBound))
                let due = FamilyTime.millis(schedule.dueTime(of: chore, occurrence: occurrence).instant)
                let tick = max(begins + 60_000, due - 600_000)
                guard tick > start, tick < now else { continue }
                lines.append(Line(at: tick, chore: Int32(index), isDone: true, period: period.lowerBound))
                let next = Self.next(period, chore.recurrence)
                if ends + 60_000 < now { lines.append(Line(at: ends + 60_000, chore: Int32(index), isDone: false, period: next)) }
            }
        }
        lines.sort { ($0.at, $0.chore) < ($1.at, $1.chore) }
        var output: [UInt8] = []
        output.reserveCapacity(lines.count * 160)
        var cursor = 0
        var sync = start - start % 900_000 + 900_000
        while sync <= now {
            while cursor < lines.count, lines[cursor].at <= sync {
                append(lines[cursor], to: &output)
                cursor += 1
            }
            output += Array("{\"sync\":\(sync)}\n".utf8)
            sync += 900_000
        }
        return output
    }

    private static func next(_ period: Range<CivilDate>, _ recurrence: Recurrence) -> CivilDate {
        recurrence == .monthly ? period.lowerBound.adding(months: 1, day: 1) : period.upperBound
    }

    private func append(_ line: Line, to output: inout [UInt8]) {
        let chore = family.chores[Int(line.chore)]
        output += Array("{\"assignedTo\":".utf8)
        output += JSONValue(optional: chore.assigneeID).serializedBytes()
        output += Array(",\"at\":\(line.at),\"changeTag\":\"s\(line.at % 1_000_000)\",\"chore\":".utf8)
        output += JSONValue.string(chore.id).serializedBytes()
        output += Array(",\"event\":\"\(line.isDone ? "done" : "undone")\",\"period\":\"".utf8)
        line.period.appendText(to: &output)
        output += Array("\",\"title\":".utf8)
        output += JSONValue.string(chore.title).serializedBytes()
        output += [0x7D, 0x0A]
    }
}

private extension JSONValue {
    init(optional text: String?) {
        self = text.map { .string($0) } ?? .null
    }
}
