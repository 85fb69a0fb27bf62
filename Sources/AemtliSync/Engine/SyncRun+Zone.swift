import CloudKitWeb
import JSON

/// What `changes/database` says about the zone.
enum ZonePlan: Equatable {
    /// Not changed since the last complete sync: the run ends after that one request.
    case unchanged
    /// Deleted in iCloud after the store had synced it.
    case gone
    /// Fetch from this zone id (as CloudKit sent it).
    case fetch(ZoneID)
}

/// `changes/zone` answered `ZONE_NOT_FOUND`.
struct ZoneMissing: Error {}

extension SyncRun {
    var zoneNotFound: SyncError {
        SyncError(.zoneNotFound(zone: zoneName, database: database.rawValue, environment: state.environment))
    }

    /// Asks `changes/database` (page after page while `moreComing`) which zones changed since the
    /// stored token; a stale token is dropped and the question asked again without it.
    func locateZone(full: Bool) throws -> ZonePlan {
        var token = state.databaseSyncToken
        var zones: [DatabaseChanges.Zone] = []
        for _ in 0..<100 {
            let changes: DatabaseChanges
            do {
                changes = try SyncError.readingAnswer {
                    try DatabaseChanges(
                        body: try requireClient().send(.databaseChanges(syncToken: token), database: database).body)
                }
            } catch let error as SyncError {
                guard case .staleSyncToken = error.reason, token != nil else { throw error }
                token = nil
                zones = []
                continue
            }
            zones += changes.zones
            pendingDatabaseToken = changes.syncToken ?? pendingDatabaseToken
            guard changes.moreComing, let next = changes.syncToken, next != token else { break }
            token = next
        }
        return try plan(for: zones.filter { isOurZone($0.zoneID) }, full: full)
    }

    private func plan(for listed: [DatabaseChanges.Zone], full: Bool) throws -> ZonePlan {
        let live = listed.filter { !$0.deleted }
        let owners = Set(live.map { $0.zoneID.ownerRecordName ?? "" })
        if owners.count > 1 { throw SyncError(.zoneAmbiguous(zone: zoneName, owners: owners.sorted())) }
        if let zone = live.last { return .fetch(zone.zoneID) }
        if !listed.isEmpty {
            guard state.baselineDone else { throw zoneNotFound }
            return .gone
        }
        if let zoneID = state.zoneID {
            return state.fetchesChangesOnly && !full ? .unchanged : .fetch(zoneID)
        }
        guard state.baselineDone else { throw zoneNotFound }
        return .gone
    }

    /// Our zone by name, and by owner once the state knows it (a member may see several).
    private func isOurZone(_ zoneID: ZoneID) -> Bool {
        guard zoneID.zoneName == zoneName else { return false }
        guard let known = state.zoneID?.ownerRecordName, let owner = zoneID.ownerRecordName else { return true }
        return known == owner
    }

    func requireClient() throws -> CloudKitClient {
        guard let client else { throw SyncError(.notSignedIn) }
        return client
    }
}
