import AemtliCore
import Foundation

/// A family in Zurich, journals written by hand, and History's periods as short lines
/// ("2026-03-29 done 03:15 m1") that read like the expectations worked out in each test.
enum HistoryFixtures {
    static let time = ScheduleFixtures.time("Europe/Zurich")

    static func family(_ chores: [Chore]) -> Family {
        Family(
            members: [
                FamilyMember(id: "m1", name: "Anna", role: .child), FamilyMember(id: "m2", name: "Ben", role: .child),
            ], chores: chores)
    }

    static func millis(_ text: String) -> Int64 {
        Int64(ScheduleFixtures.instant(text).timeIntervalSince1970 * 1000)
    }

    /// A tick or untick at an instant written with its offset.
    static func event(
        _ kind: JournalEvent.Kind, _ at: String, chore: String = "C1", by member: String? = "m1"
    ) -> JournalEvent {
        JournalEvent(choreID: chore, kind: kind, at: millis(at), assignedTo: member)
    }

    /// A sync every `hours` hours from `from` to `to` (both included), skipping `[gapFrom, gapTo)` ones.
    static func syncs(from: String, to: String, hours: Int64 = 1, skipping gaps: [(String, String)] = []) -> [Int64] {
        let ranges = gaps.map { millis($0.0)..<millis($0.1) }
        return stride(from: millis(from), through: millis(to), by: Int(hours * 3_600_000)).filter { at in
            !ranges.contains { $0.contains(at) }
        }
    }

    static func history(
        _ chores: [Chore], events: [JournalEvent], syncs: [Int64], now: String, weeks: Int = 8
    ) -> History {
        let schedule = Schedule(time: time, now: ScheduleFixtures.instant(now))
        return History(
            family: family(chores), journal: CompletionJournal(events: events, syncs: syncs), schedule: schedule,
            weeks: weeks)
    }

    /// The chore's periods from `from` on: first day, mark, local tick time (or -), member (or -).
    /// History lists the periods of the weeks asked for only: an earlier `from` is a mistake of the test.
    static func lines(_ history: History, chore id: String = "C1", from: String) -> [String] {
        let start = ScheduleFixtures.day(from)
        guard start >= history.windowStart else {
            return ["\(from) lies before the weeks asked for, which begin \(history.windowStart)"]
        }
        guard let chore = history.chores.first(where: { history.family.chores[$0.choreIndex].id == id }) else {
            return ["no history"]
        }
        return chore.periods.filter { $0.first >= start }.map { period in
            let tick = period.tick.map { time.local($0).description.split(separator: "T")[1] } ?? "-"
            return "\(period.first) \(period.mark.rawValue) \(tick) \(period.memberID ?? "-")"
                + (period.isCurrent ? " now" : "")
        }
    }

    static func streaks(_ history: History, chore id: String = "C1") -> [Int?] {
        guard let chore = history.chores.first(where: { history.family.chores[$0.choreIndex].id == id }) else {
            return []
        }
        return [chore.streak, chore.bestStreak]
    }

    /// "done/due" per week, oldest first.
    static func shares(_ history: History, _ scope: HistoryScope) -> [String] {
        history.shares(scope).map { "\($0.done)/\($0.due)" }
    }
}
