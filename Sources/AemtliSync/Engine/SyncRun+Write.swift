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
        case lost(base: ChoreVersion)
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
    func holdsWrite(recordName id: String, done: Bool, base: ChoreVersion) -> Bool {
        guard let (_, version) = liveChore(id), let chore = version.chore, base.chore != nil else { return false }
        return version.changeTag != base.changeTag && version.otherFields == base.otherFields
            && chore.isCurrentlyDone(in: CurrentPeriods(now: now, time: engine.time)) == done
    }

    /// The live chore whose record name is `id`, or (in NSPersistentCloudKitContainer's layout,
    /// where the pages name a chore by its `CD_id`) whose id is; with the record's name.
    private func liveChore(_ id: String) -> (recordName: String, version: ChoreVersion)? {
        if let version = known[id], version.chore != nil { return (id, version) }
        return known.versions.first { $0.chore?.id == id }.map { ($0.recordName, $0) }
    }

    /// Writes the done flag of the chore `id` (its record name, or its model id in the `CD_`
    /// layout) (SPEC §10, CLOUDKIT.md §12): an `update` of that one field, in the zone and database
    /// the store was synced from, carrying `changeTag` (an undo: the tag of aemtli's own write)
    /// or else the tag of the version the store holds. A stale done flag counts as open, so Done
    /// saves 1 again, which moves `modified` into the current period. Throws `SyncError` for
    /// whole-request refusals (a session that ended, CloudKit busy): nothing was written then.
    func writeDone(recordName id: String, done: Bool, changeTag: String? = nil) throws -> WriteAttempt {
        guard let zoneID = state.zoneID, let (name, version) = liveChore(id), let chore = version.chore,
            let storedTag = version.changeTag, let client
        else { return .notFound }
        let periods = CurrentPeriods(now: now, time: engine.time)
        // An undo names the version it undoes; CloudKit decides whether that is still the latest.
        if changeTag == nil, chore.isCurrentlyDone(in: periods) == done { return .alreadyInState }
        let fields: JSONObject = [version.doneField: .object(["value": .integer(done ? 1 : 0)])]
        let operation = CloudKitOperation.updateFields(
            zoneID: zoneID, recordName: name, changeTag: changeTag ?? storedTag, fields: fields)
        let answer: JSONValue
        do {
            guard let body = try client.write(operation, database: database) else { return .lost(base: version) }
            answer = body
        } catch let error as SyncError where error.result == .access {
            return .accessDenied
        }
        switch RecordModification(answer: answer) {
        case .saved(_, let tag?)?:
            // Only a stale flag set again depends on where CloudKit dates the save; an unknown date
            // is taken as now, as §4 takes it.
            let saved = KnownRecords.records(in: answer).first?["modified"]?["timestamp"]?.integerValue
            let stillStale = periods.isStale(
                doneFlagSavedAt: saved.map(Date.init(millis:)), recurrence: chore.recurrence)
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
