import AemtliCore
import XCTest

/// SPEC §8.5: sync writes a sync line only when one is due (`JournalLine.syncLineDue`), and History
/// shows the same marks as with a line every run.
final class HistorySyncLineTests: XCTestCase {
    private let time = HistoryFixtures.time

    /// Syncs every 15 minutes from `from` to `to`, none in `[gapFrom, gapTo)`; each run's events
    /// (those since the run before) come before its sync line. Every run's line, or only those due.
    private func journal(
        events: [JournalEvent], from: String, to: String, gap: (String, String)?, thinned: Bool
    ) -> CompletionJournal {
        var syncs: [Int64] = []
        var lastLine: Date?
        var previous = HistoryFixtures.millis(from) - 900_000
        let gapRange = gap.map { HistoryFixtures.millis($0.0)..<HistoryFixtures.millis($0.1) }
        for run in stride(from: HistoryFixtures.millis(from), through: HistoryFixtures.millis(to), by: 900_000) {
            if gapRange?.contains(run) == true { continue }
            let wroteEvents = events.contains { $0.at > previous && $0.at <= run }
            let now = Date(millis: run)
            let due = JournalLine.syncLineDue(
                at: now, lastLine: lastLine, previousRunFailed: false, wroteEvents: wroteEvents, time: time)
            if !thinned || due {
                syncs.append(run)
                lastLine = now
            }
            previous = run
        }
        return CompletionJournal(events: events, syncs: syncs)
    }

    func testThinnedSyncLinesShowTheSameMarksAsALineEveryRunAndADayOffStaysUnknown() {
        let daily = ScheduleFixtures.chore(.daily, due: "2026-01-05T18:00", in: time, assignee: "m1")
        let weekly = ScheduleFixtures.chore(.weekly, due: "2026-01-05T00:00", in: time, id: "C2", assignee: "m2")
        let monthly = ScheduleFixtures.chore(.monthly, due: "2026-01-31T07:30", in: time, id: "C3", assignee: "m1")
        // Ticked on most days at 17:50 (a few late, at 23:50), never on the 10th of a month.
        var events: [JournalEvent] = []
        var day = ScheduleFixtures.day("2026-01-05")
        while day < ScheduleFixtures.day("2026-03-20") {
            if day.day != 10 {
                let at = day.day % 7 == 0 ? "23:50" : "17:50"
                events.append(HistoryFixtures.event(.done, "\(day)T\(at):00+01:00"))
                events.append(HistoryFixtures.event(.undone, "\(day.adding(days: 1))T00:01:00+01:00"))
            }
            day = day.adding(days: 1)
        }
        events.append(HistoryFixtures.event(.done, "2026-02-03T09:00:00+01:00", chore: "C2", by: "m2"))
        events.append(HistoryFixtures.event(.done, "2026-02-27T09:00:00+01:00", chore: "C3"))
        let window = ("2026-01-01T00:00:00+01:00", "2026-03-19T20:00:00+01:00")
        // The home server was off from the evening of 3 March to the morning of 5 March: the tick
        // on the 4th and its clearing at midnight were never seen.
        let gap = ("2026-03-03T20:00:00+01:00", "2026-03-05T06:00:00+01:00")
        let unseen = HistoryFixtures.millis(gap.0)..<HistoryFixtures.millis(gap.1)
        events = events.filter { !unseen.contains($0.at) }.sorted { $0.at < $1.at }
        let everyRun = journal(events: events, from: window.0, to: window.1, gap: gap, thinned: false)
        let thinned = journal(events: events, from: window.0, to: window.1, gap: gap, thinned: true)
        XCTAssertLessThan(thinned.syncs.count * 3, everyRun.syncs.count, "about one line an hour instead of four")
        let chores = [daily, weekly, monthly]
        let now = "2026-03-19T20:00:00+01:00"
        let a = HistoryFixtures.history(chores, events: everyRun.events, syncs: everyRun.syncs, now: now, weeks: 11)
        let b = HistoryFixtures.history(chores, events: thinned.events, syncs: thinned.syncs, now: now, weeks: 11)
        for id in ["C1", "C2", "C3"] {
            XCTAssertEqual(
                HistoryFixtures.lines(a, chore: id, from: "2026-01-05"),
                HistoryFixtures.lines(b, chore: id, from: "2026-01-05"),
                id)
        }
        XCTAssertEqual(HistoryFixtures.shares(a, .family), HistoryFixtures.shares(b, .family))
        // Worked out by hand: the 10th is missed while watched; the 4th of March, with no sync
        // from 20:00 on the 3rd to 06:00 on the 5th, is unknown; the 3rd was ticked at 17:50,
        // before the server went off.
        let lines = HistoryFixtures.lines(b, from: "2026-03-02")
        XCTAssertEqual(
            Array(lines.prefix(4)),
            [
                "2026-03-02 done 17:50 m1", "2026-03-03 done 17:50 m1", "2026-03-04 unknown - m1",
                "2026-03-05 done 17:50 m1",
            ])
        XCTAssertEqual(lines[8], "2026-03-10 missed - m1")
    }
}
