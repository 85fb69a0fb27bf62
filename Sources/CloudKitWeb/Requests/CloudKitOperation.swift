import JSON

/// The operations aemtli sends: reads, and the one write SPEC §10 allows (a chore's done flag).
/// Each knows its path, its method and its body.
public enum CloudKitOperation: Sendable {
    /// `GET users/caller`: who the session belongs to (or 421 with a sign-in address).
    case caller
    /// `GET zones/list`: the zones of a database.
    case zonesList
    /// `POST changes/database {syncToken}`: which zones changed since the token.
    case databaseChanges(syncToken: String?)
    /// `POST changes/zone`: the zone's records changed since the token; the zone id is sent back
    /// exactly as CloudKit gave it.
    case zoneChanges(zoneID: ZoneID, syncToken: String?, resultsLimit: Int)
    /// `POST records/modify`: one `update` of the fields given, carrying the version's change tag
    /// (a stale tag is a `CONFLICT`, nothing written), in the zone as CloudKit gave it: without the
    /// top-level `zoneID` the server looks in the default zone (CLOUDKIT.md §12).
    case updateFields(zoneID: ZoneID, recordName: String, changeTag: String, fields: JSONObject)
    /// `GET subscriptions/list`: the caller's subscriptions in a database (CLOUDKIT.md §13.2).
    case subscriptionsList
    /// `POST subscriptions/modify` with one `create`: the caller's subscription that push needs.
    case createSubscription(PushSubscription)
    /// `POST subscriptions/modify` with one `delete` of the subscription `id`, as CloudKit JS sends it.
    case deleteSubscription(id: String)
    /// `POST /device/1/…/tokens/create`: a long-poll address for push (CLOUDKIT.md §13.1); a call
    /// of the `device` module, with no database in its path.
    case createPushToken(clientID: String, environment: CloudKitEnvironment)

    public var path: String {
        switch self {
        case .caller: return "users/caller"
        case .zonesList: return "zones/list"
        case .databaseChanges: return "changes/database"
        case .zoneChanges: return "changes/zone"
        case .updateFields: return "records/modify"
        case .subscriptionsList: return "subscriptions/list"
        case .createSubscription, .deleteSubscription: return "subscriptions/modify"
        case .createPushToken: return "tokens/create"
        }
    }

    /// Whether the request carries a sync token (a stale one is answered with an error).
    public var carriesSyncToken: Bool {
        switch self {
        case .databaseChanges(let token): return token != nil
        case .zoneChanges(_, let token, _): return token != nil
        case .caller, .zonesList, .updateFields, .subscriptionsList, .createSubscription, .deleteSubscription,
            .createPushToken:
            return false
        }
    }

    /// The JSON body; nil for the GET operations, which send none.
    public var body: JSONValue? {
        switch self {
        case .caller, .zonesList, .subscriptionsList:
            return nil
        case .databaseChanges(let token):
            var object: JSONObject = [:]
            if let token { object["syncToken"] = .string(token) }
            return .object(object)
        case .zoneChanges(let zoneID, let token, let limit):
            var zone: JSONObject = ["zoneID": zoneID.raw]
            if let token { zone["syncToken"] = .string(token) }
            zone["resultsLimit"] = .integer(Int64(limit))
            return .object(["zones": .array([.object(zone)])])
        case .updateFields(let zoneID, let recordName, let changeTag, let fields):
            let record: JSONObject = [
                "recordName": .string(recordName), "recordChangeTag": .string(changeTag), "fields": .object(fields),
            ]
            let operation: JSONObject = ["operationType": .string("update"), "record": .object(record)]
            return .object(["operations": .array([.object(operation)]), "zoneID": zoneID.raw])
        case .createSubscription(let subscription):
            let operation: JSONObject = ["operationType": .string("create"), "subscription": subscription.json]
            return .object(["operations": .array([.object(operation)])])
        case .deleteSubscription(let id):
            let operation: JSONObject = [
                "operationType": .string("delete"), "subscription": .object(["subscriptionID": .string(id)]),
            ]
            return .object(["operations": .array([.object(operation)])])
        case .createPushToken(let clientID, let environment):
            return .object(["apnsEnvironment": .string(environment.rawValue), "clientId": .string(clientID)])
        }
    }
}
