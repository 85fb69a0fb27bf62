import CloudKitWeb
import JSON

extension SyncRun {
    /// The done flag of the chore `recordName` as the store holds it; nil for no such chore.
    func storedDone(recordName: String) throws -> Bool? {
        try prepare()
        return slot(of: recordName)?.slot.chore?.isDone
    }

    /// The live chore whose record name is `id`, or (in NSPersistentCloudKitContainer's layout,
    /// where the pages name a chore by its `CD_id`) whose id is; with the record's name.
    private func slot(of id: String) -> (recordName: String, slot: KnownRecords.Slot)? {
        if let slot = known.slots[id], slot.live, slot.chore != nil { return (id, slot) }
        return known.slots.first { $0.value.live && $0.value.chore?.id == id }.map { ($0.key, $0.value) }
    }

    /// Writes the done flag of the chore `recordName` (its record name, or its model id in the
    /// `CD_` layout) (SPEC §10, CLOUDKIT.md §12): an `update` of
    /// that one field, carrying the change tag of the version the store holds, in the zone and
    /// database the store was synced from. Throws `SyncError` for whole-request failures (a
    /// session that ended, CloudKit busy), as a sync would.
    func writeDone(recordName: String, done: Bool) throws -> TickOutcome {
        try prepare()
        guard let zoneID = state.zoneID, let (name, slot) = slot(of: recordName), let chore = slot.chore,
            let changeTag = slot.changeTag, let client
        else { return .notFound }
        guard chore.isDone != done else { return .alreadyInState }
        let fields: JSONObject = [chore.fieldPrefix + "isDone": .object(["value": .integer(done ? 1 : 0)])]
        let operation = CloudKitOperation.updateFields(
            zoneID: zoneID, recordName: name, changeTag: changeTag, fields: fields)
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
            throw SyncError(.temporary(what: "iCloud is busy", retryAt: client.showTime(now.addingTimeInterval(60))))
        case .failed(_, let code, let reason)?:
            throw SyncError(
                .unusableAnswer("records/modify refused the update with \(code) (\(reason ?? "no reason"))"))
        case nil:
            throw SyncError(.unusableAnswer("records/modify answered without a record"))
        }
    }
}
