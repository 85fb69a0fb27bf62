import AemtliCore
import Foundation
import JSON

/// Appends to `STORE/history/done.jsonl` (SPEC §8.5) in Core's one format (`JournalLine`): a done
/// or undone event per flip of a chore's flag, at the version's `modified.timestamp`, and a sync
/// line for a run that brought the store up to date (`needsSyncLine`).
///
/// Lines are appended after their page file and before the state that commits both; the state
/// keeps the journal's committed length, and a run starts by cutting off any tail beyond it (the
/// lines of a page that was never committed, which the next fetch writes again). So a crash can
/// neither lose a line nor leave one twice.
struct Journal {
    let layout: StoreLayout
    let time: FamilyTime
    let files: SyncFiles
    var hooks = SyncHooks()

    /// The journal's size in bytes now (0 when there is none).
    func length() throws -> Int64 {
        try files.length(layout.journal)
    }

    /// Cuts off bytes beyond `committed` (never lengthens the file).
    func cutOff(after committed: Int64) throws {
        guard try length() > committed else { return }
        try files.truncate(layout.journal, to: committed)
    }

    /// Appends `lines` durably and returns the new length.
    func append(_ lines: [JournalLine]) throws -> Int64 {
        try hooks.beforeWriting(.journal)
        // A new folder's and a new file's names must reach the disk too, before the state that
        // counts the journal's length (found in review).
        if try files.makeFolder(layout.history) { try files.flushFolder(of: layout.history) }
        let isNew = !files.exists(layout.journal)
        var bytes: [UInt8] = []
        for line in lines { bytes += line.bytes }
        let length = try files.append(bytes, to: layout.journal)
        if isNew { try files.flushFolder(of: layout.journal) }
        return length
    }

    /// The line for a flip; nil for a version without `modified.timestamp`, which cannot say
    /// when it happened (CloudKit always sends one; a reader would skip such a line).
    ///
    /// A done chore saved again done with nothing else changed is a tick only when the new save lies
    /// in a later period than the one before (SPEC §8.5: a stale flag set again, as a tick from the
    /// wall does); within one period it says nothing new.
    func event(_ flip: KnownRecords.Flip) -> JournalLine? {
        guard let at = flip.version.modifiedMillis else { return nil }
        let chore = flip.chore
        let periods = CurrentPeriods(now: Date(millis: at), time: time)
        if flip.resaved {
            guard let before = flip.previousModifiedMillis,
                periods.isStale(doneFlagSavedAt: Date(millis: before), recurrence: chore.recurrence)
            else { return nil }
        }
        let period = periods.period(for: chore.recurrence)?.lowerBound.description
        return .event(
            JournalEvent(
                choreID: chore.id, kind: chore.isDone ? .done : .undone, at: at, assignedTo: chore.assigneeID,
                period: period, title: chore.title, changeTag: flip.version.changeTag))
    }
}
