import AemtliCore
import CloudKitWeb
import Foundation
import JSON

extension SyncRun {
    /// What one `records/modify` of a done flag came to, before the sync that follows it.
    enum WriteAttempt {
        /// CloudKit saved it and gave the saved version's change tag.
        case written(changeTag: String)
        /// The answer was lost on the way: the write may or may not have been applied. `base` is the
        /// version it was sent against, so that a sync can tell whether the store now holds the
        /// version the write would have made.
        case lost(base: KnownRecords.Slot)
        case alreadyInState
        case conflict
        case accessDenied
        case notFound
        /// A stale flag saved again, but the saved version's `modified` is not in the current
        /// period, so the flag is as stale as before (SPEC §10's assumption of CloudKit did not hold).
        case writtenStillStale
    }

    /// Whether the store holds the version a write of `done` against `base` would have made: a
    /// newer version, the same in every field but the flag, which says `done` now.
    func holdsWrite(recordName id: String, done: Bool, base: KnownRecords.Slot) throws -> Bool {
        try prepare()
        guard let (_, slot) = slot(of: id), let chore = slot.chore, let before = base.chore else { return false }
        return slot.changeTag != base.changeTag && chore.otherFields == before.otherFields
            && isCurrentlyDone(slot) == done
    }

    /// The live chore whose record name is `id`, or (in NSPersistentCloudKitContainer's layout,
    /// where the pages name a chore by its `CD_id`) whose id is; with the record's name.
    private func slot(of id: String) -> (recordName: String, slot: KnownRecords.Slot)? {
        if let slot = known.slots[id], slot.live, slot.chore != nil { return (id, slot) }
        return known.slots.first { $0.value.live && $0.value.chore?.id == id }.map { ($0.key, $0.value) }
    }

    private func recurrence(_ chore: ChoreVersion.Facts) -> Recurrence {
        chore.recurrence.flatMap(Recurrence.init(rawValue:)) ?? .once
    }

    private func isCurrentlyDone(_ slot: KnownRecords.Slot) -> Bool {
        guard let chore = slot.chore, chore.isDone else { return false }
        return !CurrentPeriods(now: now, time: engine.time).isStale(
            doneFlagSavedAt: slot.modifiedMillis.map(Date.init(millis:)), recurrence: recurrence(chore))
    }

    /// Writes the done flag of the chore `id` (its record name, or its model id in the `CD_`
    /// layout) (SPEC §10, CLOUDKIT.md §12): an `update` of that one field, in the zone and database
    /// the store was synced from, carrying `changeTag` (an undo: the tag of aemtli's own write)
    /// or else the tag of the version the store holds. A stale done flag counts as open, so Done
    /// saves 1 again, which moves `modified` into the current period. Throws `SyncError` for
    /// whole-request refusals (a session that ended, CloudKit busy): nothing was written then.
    func writeDone(recordName id: String, done: Bool, changeTag: String? = nil) throws -> WriteAttempt {
        try prepare()
        guard let zoneID = state.zoneID, let (name, slot) = slot(of: id), let chore = slot.chore,
            let storedTag = slot.changeTag, let client
        else { return .notFound }
        // An undo names the version it undoes; CloudKit decides whether that is still the latest.
        if changeTag == nil, isCurrentlyDone(slot) == done { return .alreadyInState }
        let fields: JSONObject = [chore.fieldPrefix + "isDone": .object(["value": .integer(done ? 1 : 0)])]
        let operation = CloudKitOperation.updateFields(
            zoneID: zoneID, recordName: name, changeTag: changeTag ?? storedTag, fields: fields)
        let answer: JSONValue
        do {
            guard let body = try client.write(operation, database: database) else { return .lost(base: slot) }
            answer = body
        } catch let error as SyncError where error.result == .access {
            return .accessDenied
        }
        switch RecordModification(answer: answer) {
        case .saved(_, let tag?)?:
            // Only a stale flag set again depends on where CloudKit dates the save; an unknown date
            // is taken as now, as §4 takes it.
            let saved = KnownRecords.records(in: answer).first?["modified"]?["timestamp"]?.integerValue
            let stillStale = CurrentPeriods(now: now, time: engine.time).isStale(
                doneFlagSavedAt: saved.map(Date.init(millis:)), recurrence: recurrence(chore))
            return done && chore.isDone && stillStale ? .writtenStillStale : .written(changeTag: tag)
        case .saved(_, nil)?:
            throw SyncError(.unusableAnswer("records/modify saved the record without a recordChangeTag"))
        case .failed(_, "CONFLICT", _)?: return .conflict
        case .failed(_, "ACCESS_DENIED", _)?: return .accessDenied
        case .failed(_, "NOT_FOUND", _)?: return .notFound
        case .failed(_, "ZONE_BUSY", _)?:
            let hint = KnownRecords.records(in: answer).first.flatMap(ServerErrorBody.init)?.retryAfter
            throw client.passingFailure("iCloud is busy", after: hint ?? 60, hint: hint)
        case .failed(_, let code, let reason)?:
            throw SyncError(
                .unusableAnswer("records/modify refused the update with \(code) (\(reason ?? "no reason"))"))
        case nil:
            throw SyncError(.unusableAnswer("records/modify answered without a record"))
        }
    }
}
