import AemtliCore
import Foundation

/// When the pages would next read differently with the same store (SPEC §9): `aemtli serve`
/// builds again then instead of every minute. Pages depend on now through the day (today, the
/// countdowns, which occurrence is current), through each current occurrence's due time and
/// deadline (due today turns overdue), and through the freshness notices (the chores turn stale,
/// the session's end comes within 48 hours); nothing else a page shows moves with the clock.
public enum PageChanges {
    /// The first such instant after the site's now.
    public static func next(after site: Site) -> Date {
        let schedule = site.schedule
        let now = schedule.now
        var instants = [schedule.time.startOfDay(schedule.today.adding(days: 1))]
        for chore in site.family.chores {
            if let occurrence = schedule.currentOccurrence(of: chore) {
                instants.append(schedule.dueTime(of: chore, occurrence: occurrence).instant)
            }
            if let deadline = chore.deadline { instants.append(deadline) }
        }
        if let freshness = site.freshness {
            let stale = (freshness.lastSuccess ?? freshness.lastRun)
                .addingTimeInterval(Double(site.options.staleAfterMinutes) * 60)
            instants.append(stale)
            if let end = freshness.sessionExpectedEnd { instants += [end.addingTimeInterval(-48 * 3600), end] }
        }
        // A second after, so that the page built then reads the new state (statuses compare with >).
        return (instants.filter { $0 > now }.min() ?? now.addingTimeInterval(86_400)).addingTimeInterval(1)
    }
}
