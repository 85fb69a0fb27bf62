import CloudKitWeb
import Foundation
import JSON

/// The test server's push (CLOUDKIT.md §13.1–13.3 with §13.5's knobs), as plain state and
/// functions so that any HTTP server can carry it: the tokens `tokens/create` handed out and whose
/// they are, each user's subscriptions per database, a queue of frames per token, and a long poll
/// that waits on that queue. Every change to the zone queues a frame for every token of each user
/// subscribed to it (the writer's own included). Thread-safe: the long poll waits on its own
/// thread while the CloudKit server queues frames on another.
package final class FakeCourier: @unchecked Sendable {
    /// What the hold ends with when nothing came (CLOUDKIT.md §13.3: the double's two answers).
    package enum IdleAnswer: Sendable {
        case null
        case empty
    }

    /// A subscription as the test server keeps it: whose, in which database, and as created.
    package struct Subscription {
        package var user: String
        package var database: String
        package var id: String
        package var body: JSONValue
    }

    private struct Pending {
        var due: Date
        var subscriptionID: String
        var body: JSONValue
    }

    private let condition = NSCondition()
    // Knobs (set through `configure`).
    private var delay: TimeInterval = 0
    private var coalesce = true
    private var hold: TimeInterval = 30
    private var idleAnswer = IdleAnswer.null
    private var dropNext = 0
    private var faults: [CourierFault] = []
    // State.
    private var tokens: [String: String] = [:]
    private var subscriptions: [Subscription] = []
    private var creates: [Subscription] = []
    private var queues: [String: [Pending]] = [:]
    private var polls = 0
    private var open = 0
    private var delivered = 0
    private var notificationCounter = 0
    /// Where the long poll listens (set when its server starts).
    package var baseURL = ""

    package init() {}

    private func locked<Value>(_ body: () throws -> Value) rethrows -> Value {
        condition.lock()
        defer { condition.unlock() }
        return try body()
    }

    // MARK: Knobs

    /// Frames due `delay` seconds after the change that queued them; with `coalesce`, a change
    /// whose frame for a token and subscription is still queued queues none; the long poll holds
    /// `hold` seconds and then answers `idle`.
    package func configure(
        delay: TimeInterval? = nil, coalesce: Bool? = nil, hold: TimeInterval? = nil, idle: IdleAnswer? = nil
    ) {
        locked {
            if let delay { self.delay = delay }
            if let coalesce { self.coalesce = coalesce }
            if let hold { self.hold = hold }
            if let idle { idleAnswer = idle }
            condition.broadcast()
        }
    }

    /// The next `count` frames that come due are lost.
    package func dropFrames(_ count: Int) {
        locked { dropNext += count }
    }

    package func inject(_ fault: CourierFault) {
        locked { faults.append(fault) }
    }

    /// Every token is forgotten: their long polls get 404 until `tokens/create` gives new ones.
    package func expireTokens() {
        locked {
            tokens = [:]
            queues = [:]
            condition.broadcast()
        }
    }

    // MARK: What tests look at

    package var subscriptionCreates: [Subscription] { locked { creates } }
    package var allSubscriptions: [Subscription] { locked { subscriptions } }
    /// Long polls asked (404s included), held now, and frames delivered.
    package var pollCount: Int { locked { polls } }
    package var openPolls: Int { locked { open } }
    package var deliveredFrames: Int { locked { delivered } }
    package var tokenCount: Int { locked { tokens.count } }
    /// Faults injected and not yet applied, and frames still to be dropped.
    package var pendingFaults: Int { locked { faults.count + dropNext } }
    /// Frames queued and not yet delivered or lost, for every token.
    package var queuedFrames: Int { locked { queues.values.reduce(0) { $0 + $1.count } } }

    // MARK: CloudKit's side (called by the CloudKit server, under its lock)

    /// `tokens/create`'s answer for `user`: a new token and its long-poll address.
    package func createToken(for user: String, environment: String) -> JSONValue {
        locked {
            let token = UUID().uuidString.lowercased()
            tokens[token] = user
            return .object([
                "apnsEnvironment": .string(environment),
                "apnsToken": .string(token.replacingOccurrences(of: "-", with: "")),
                "webcourierURL": .string(baseURL + "/aps?tok=" + token + "&ttl=43200"),
            ])
        }
    }

    /// `subscriptions/list`'s entries for `user` in `database`.
    package func list(user: String, database: String) -> [JSONValue] {
        locked { subscriptions.filter { $0.user == user && $0.database == database }.map(\.body) }
    }

    /// One `create` of `subscriptions/modify`: the saved subscription, or its per-entry error. The
    /// same ID again replaces it silently (as CloudKit does); a zone subscription in the shared
    /// database is refused.
    package func create(_ subscription: JSONValue, user: String, database: String) -> JSONValue {
        locked {
            let id = subscription["subscriptionID"]?.stringValue ?? UUID().uuidString
            let type = subscription["subscriptionType"]?.stringValue
            func failed(_ code: String, _ reason: String) -> JSONValue {
                .object([
                    "subscriptionID": .string(id), "serverErrorCode": .string(code), "reason": .string(reason),
                ])
            }
            guard type == "zone" || type == "database" || type == "query" else {
                return failed("BAD_REQUEST", "unknown subscriptionType")
            }
            if type == "zone" && (database != "private" || subscription["zoneID"]?["zoneName"]?.stringValue == nil) {
                return failed("BAD_REQUEST", "zone subscriptions need a zone of the private database")
            }
            let saved = Subscription(user: user, database: database, id: id, body: subscription)
            subscriptions.removeAll { $0.user == user && $0.database == database && $0.id == id }
            subscriptions.append(saved)
            creates.append(saved)
            return subscription
        }
    }

    /// One `delete` of `subscriptions/modify`: the subscription's ID, or `NOT_FOUND`.
    package func delete(_ subscription: JSONValue, user: String, database: String) -> JSONValue {
        locked {
            let id = subscription["subscriptionID"]?.stringValue ?? ""
            let before = subscriptions.count
            subscriptions.removeAll { $0.user == user && $0.database == database && $0.id == id }
            if subscriptions.count == before {
                return .object([
                    "subscriptionID": .string(id), "serverErrorCode": .string("NOT_FOUND"),
                    "reason": .string("no such subscription"),
                ])
            }
            return .object(["subscriptionID": .string(id)])
        }
    }

    /// A change in the zone `zoneName` owned by `owner`: a frame for every token of every user in
    /// `readers` (user and database) subscribed to it.
    package func zoneChanged(zoneName: String, owner: String, readers: [(user: String, database: String)]) {
        locked {
            for reader in readers {
                for subscription in subscriptions
                where subscription.user == reader.user
                    && subscription.database == reader.database
                {
                    let zone = subscription.body["zoneID"]
                    if subscription.body["subscriptionType"]?.stringValue == "zone",
                        zone?["zoneName"]?.stringValue != zoneName
                            || (zone?["ownerRecordName"]?.stringValue ?? owner) != owner
                    {
                        continue
                    }
                    queueFrame(for: subscription, zoneName: zoneName, owner: owner)
                }
            }
        }
    }

    /// A frame of the test's own (another zone's, say) for every token of `user`.
    package func send(_ frame: JSONValue, toTokensOf user: String) {
        locked {
            for (token, owner) in tokens where owner == user {
                queues[token, default: []].append(Pending(due: Date(), subscriptionID: "", body: frame))
            }
            condition.broadcast()
        }
    }

    private func queueFrame(for subscription: Subscription, zoneName: String, owner: String) {
        notificationCounter += 1
        let database: Int64 = subscription.database == "shared" ? 2 : 1
        var ck: JSONObject = [
            "ce": .integer(1), "ckuserid": .string(subscription.user), "nid": .string("nid-\(notificationCounter)"),
            "cid": .string(FakeCloudKit.container),
        ]
        if subscription.body["subscriptionType"]?.stringValue == "zone" {
            ck["fet"] = .object([
                "zid": .string(zoneName), "zoid": .string(owner), "sid": .string(subscription.id),
                "dbs": .integer(database),
            ])
        } else {
            ck["met"] = .object(["sid": .string(subscription.id), "dbs": .integer(database)])
        }
        let due = Date().addingTimeInterval(delay)
        for (token, user) in tokens where user == subscription.user {
            if coalesce, queues[token]?.contains(where: { $0.subscriptionID == subscription.id }) == true { continue }
            queues[token, default: []].append(
                Pending(due: due, subscriptionID: subscription.id, body: .object(["ck": .object(ck)])))
        }
        condition.broadcast()
    }

    // MARK: The long poll

    /// What a long poll of `target` (`/aps?tok=…`) is answered: at once 404 for a token it does not
    /// know; else the first frame that comes due, or `idle` once the hold ends, each changed by the
    /// next fault if one is queued. A client that goes away meanwhile gets nothing, and its frames
    /// stay queued.
    package func answer(_ target: String, clientGone: () -> Bool) -> CourierAnswer {
        condition.lock()
        defer { condition.unlock() }
        polls += 1
        let split = target.split(separator: "?", maxSplits: 1)
        let query = split.count > 1 ? FakeCloudKit.parameters(split[1]) : [:]
        guard split.first == "/aps", let token = query["tok"], tokens[token] != nil else {
            return .respond(status: 404, contentType: nil, body: [])
        }
        open += 1
        defer { open -= 1 }
        let end = Date().addingTimeInterval(hold)
        var frame: Pending?
        while frame == nil {
            if tokens[token] == nil { return .respond(status: 404, contentType: nil, body: []) }
            if clientGone() { return .gone }
            let now = Date()
            if let index = queues[token]?.firstIndex(where: { $0.due <= now }) {
                if dropNext > 0 {
                    dropNext -= 1
                    queues[token]?.remove(at: index)
                    continue
                }
                frame = queues[token]?[index]
                break
            }
            if now >= end { break }
            let nextDue = queues[token]?.map(\.due).min() ?? end
            _ = condition.wait(until: min(nextDue, end, now.addingTimeInterval(0.02)))
        }
        let fault = faults.isEmpty ? nil : faults.removeFirst()
        switch fault {
        case .reset?: return .reset
        case .stall?:
            while !clientGone() { _ = condition.wait(until: Date().addingTimeInterval(0.02)) }
            return .gone
        case .slow(let seconds)?:
            let late = Date().addingTimeInterval(seconds)
            while Date() < late {
                if clientGone() { return .gone }
                _ = condition.wait(until: min(late, Date().addingTimeInterval(0.02)))
            }
        default: break
        }
        // From here on the frame is gone from the queue, whatever the answer makes of it.
        if let frame, let index = queues[token]?.firstIndex(where: { $0.due == frame.due && $0.body == frame.body }) {
            queues[token]?.remove(at: index)
        }
        let body = frame?.body.serializedBytes() ?? (idleAnswer == .null ? Array("null".utf8) : [])
        switch fault {
        case .cutFrame?:
            return .cut(status: 200, contentType: "application/json", body: body, sent: body.count / 2)
        case .malformed?:
            return .respond(status: 200, contentType: "application/json", body: Array(#"{"ck":{"nid":"n","fet":"#.utf8))
        case .html?:
            return .respond(
                status: 200, contentType: "text/html", body: Array("<html><body>502 Bad Gateway</body></html>".utf8))
        case .status(let status)?:
            let error = #"{"serverErrorCode":"TRY_AGAIN_LATER","reason":"injected","ck":{"nid":"x"}}"#
            return .respond(status: status, contentType: "application/json", body: Array(error.utf8))
        default:
            if frame != nil { delivered += 1 }
            return .respond(status: 200, contentType: "application/json", body: body)
        }
    }
}
