import CloudKitWeb
import Foundation
import JSON

/// Push's calls at the test server (CLOUDKIT.md §13.1–13.2), answered from its `courier`, after the
/// session check and token rotation every call gets.
extension FakeCloudKit {
    func push(
        _ method: String, _ operation: String, device: Bool, _ database: String, _ user: String, _ body: JSONValue?,
        _ headers: [(String, String)], _ query: [String: String]
    ) -> Reply {
        guard pushEnabled else { return error(400, "BAD_REQUEST", headers, "unknown operation") }
        switch (method, operation, device) {
        case ("POST", "tokens/create", true):
            guard let clientID = body?["clientId"]?.stringValue, query["clientId"] == clientID else {
                return error(400, "BAD_REQUEST", headers, "clientId missing or not the same in query and body")
            }
            return reply(200, headers, courier.createToken(for: user, environment: "development"))
        case (_, "tokens/create", false):
            // The documented `/database/1/…/tokens/create` is not where it is (CLOUDKIT.md §13.1).
            return error(405, "BAD_REQUEST", headers, "method not allowed")
        case ("GET", "subscriptions/list", false):
            return reply(200, headers, .object(["subscriptions": .array(courier.list(user: user, database: database))]))
        case ("POST", "subscriptions/modify", false):
            guard let operations = body?["operations"]?.arrayValue, !operations.isEmpty else {
                return error(400, "BAD_REQUEST", headers, "no operations")
            }
            let entries: [JSONValue] = operations.map { operation in
                guard let subscription = operation["subscription"] else {
                    return .object(["serverErrorCode": .string("BAD_REQUEST"), "reason": .string("no subscription")])
                }
                switch operation["operationType"]?.stringValue {
                case "create": return courier.create(subscription, user: user, database: database)
                case "delete": return courier.delete(subscription, user: user, database: database)
                default:
                    return .object(["serverErrorCode": .string("BAD_REQUEST"), "reason": .string("create or delete")])
                }
            }
            return reply(200, headers, .object(["subscriptions": .array(entries)]))
        default:
            return error(400, "BAD_REQUEST", headers, "unknown operation")
        }
    }
}
