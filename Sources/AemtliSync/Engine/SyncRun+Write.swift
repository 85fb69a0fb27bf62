import CloudKitWeb
import JSON

extension SyncRun {
    /// The done flag of the chore `recordName` as the store holds it; nil for no such chore.
    func storedDone(recordName: String) throws -> Bool? {
        try prepare()
        return known.slots[recordName].flatMap { $0.live ? $0.chore?.isDone : nil }
    }

    /// Writes the done flag of the chore `recordName` (SPEC §10, CLOUDKIT.md §12): an `update` of
    /// that one field, carrying the change tag of the version the store holds, in the zone and
    /// database the store was synced from. Throws `SyncError` for whole-request failures (a
    /// session that ended, CloudKit busy), as a sync would.
    func writeDone(recordName: String, done: Bool) throws -> TickOutcome {
        try prepare()
        guard let zoneID = state.zoneID, let slot = known.slots[recordName], slot.live, let chore = slot.chore,
            let changeTag = slot.changeTag, let client
        else { return .notFound }
        guard chore.isDone != done else { return .alreadyInState }
        let fields: JSONObject = [chore.fieldPrefix + "isDone": .object(["value": .integer(done ? 1 : 0)])]
        let operation = CloudKitOperation.updateFields(
            zoneID: zoneID, recordName: recordName, changeTag: changeTag, fields: fields)
        let answer: JSONValue
        do {
            answer = try client.send(operation, database: database).body
        } catch let error as SyncError where error.result == .access {
            return .accessDenied
        }
        switch RecordModification(answer: answer) {
        case .saved?: return .written
        case .failed(_, "CONFLICT", _)?: return .conflict
        case .failed(_, "ACCESS_DENIED", _)?: return .accessDenied
        case .failed(_, "NOT_FOUND", _)?: return .notFound
        case .failed(_, "ZONE_BUSY", _)?:
            throw SyncError(.temporary(what: "iCloud is busy", retryAt: "in a moment"))
        case .failed(_, let code, let reason)?:
            throw SyncError(
                .unusableAnswer("records/modify refused the update with \(code) (\(reason ?? "no reason"))"))
        case nil:
            throw SyncError(.unusableAnswer("records/modify answered without a record"))
        }
    }
}
