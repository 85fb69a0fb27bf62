import CloudKitWeb
import Foundation
import JSON
import StaticHTTP

/// How the test server answers: the API token, the container, faults, the session (421 without
/// one, a rotated token on every answer), then the endpoint itself.
extension FakeCloudKit {
    package typealias Reply = HTTPTestServer.Reply

    package func handle(_ request: ServerRequest) -> Reply {
        lock.lock()
        let started = Date()
        defer {
            handlerSeconds += Date().timeIntervalSince(started)
            lock.unlock()
        }
        let segments = request.path.split(separator: "/").map(String.init)
        let query = request.query.map { Self.parameters(Substring($0)) } ?? [:]
        // `/device/1/…/tokens/create` has no database in its path (CLOUDKIT.md §13.1).
        let device = segments.first == "device"
        guard segments.count >= 6, segments[0] == "database" || device, segments[1] == "1" else {
            return error(404, "NOT_FOUND", [], "no such path")
        }
        let database = device ? "" : segments[4]
        let operation = segments[(device ? 4 : 5)...].joined(separator: "/")
        let body = request.body.isEmpty ? nil : try? JSONParser.parse(request.body)
        recorded.append(
            Recorded(
                method: request.method, path: segments.joined(separator: "/"), operation: operation,
                webAuthToken: query["ckWebAuthToken"], body: body, contentType: request.value(of: "Content-Type"),
                at: requestClock?()))

        guard query["ckAPIToken"] == Self.apiToken else {
            return error(401, "AUTHENTICATION_FAILED", [], "bad API token")
        }
        guard segments[2] == Self.container, segments[3] == "development" else {
            return error(404, "NOT_FOUND", [], "unknown container")
        }
        var fault: FakeFault.Kind?
        let carriesToken = body?["zones"]?.arrayValue?.first?["syncToken"] != nil
        if let index = faults.firstIndex(where: {
            ($0.operation == nil || $0.operation == operation) && ($0.needsSyncToken == false || carriesToken)
        }) {
            fault = faults.remove(at: index).kind
        }
        if case .drop? = fault { return .drop }
        if case .hold(let seconds)? = fault { return .hold(seconds: seconds) }
        if case .expireSessions? = fault { sessions = [:] }
        guard let token = query["ckWebAuthToken"], let user = sessions[token] else {
            return reply(
                421, [],
                .object([
                    "uuid": .string("u-421"), "serverErrorCode": .string("AUTHENTICATION_REQUIRED"),
                    "reason": .string("request needs authorization"),
                    "redirectURL": .string("https://idmsa.example/signin?callback=aemtli"),
                ]))
        }
        sessions[token] = nil
        let headers = [(HTTPResponse.rotatedTokenHeader, issueToken(for: user))]
        switch fault {
        case .status(let status, let code, let bodyHint, let headerHint)?:
            var extra = headers
            if let headerHint { extra.append(("Retry-After", headerHint)) }
            var object: JSONObject = [
                "serverErrorCode": .string(code), "reason": .string("injected"), "uuid": .string("u-\(status)"),
            ]
            if let bodyHint { object["retryAfter"] = .double(bodyHint) }
            return reply(status, extra, .object(object))
        case .notJSON(let status)?:
            return .respond(status: status, headers: headers, body: Array("<html>Bad gateway</html>".utf8))
        default:
            break
        }
        switch (request.method, operation) {
        case ("GET", "users/caller"):
            return reply(
                200, headers,
                .object(["userRecordName": .string(user), "nameComponents": .object(["givenName": .string("Test")])]))
        case ("GET", "zones/list"):
            let zones: [JSONValue] = visible(database, user) && zoneExists ? [.object(["zoneID": zone.zoneID])] : []
            return reply(200, headers, .object(["zones": .array(zones)]))
        case ("POST", "changes/database"):
            return databaseChanges(database, user, body, headers)
        case ("POST", "changes/zone"):
            return zoneChanges(
                database, user, body, headers,
                stale: fault.map { if case .staleToken = $0 { true } else { false } } ?? false,
                stuck: fault.map { if case .stuckPage = $0 { true } else { false } } ?? false)
        case ("POST", "records/modify"):
            let answer = modify(database, user, body, headers)
            if case .dropAfterApplying? = fault {
                // The answer with the new token never arrives, so the token sent stays good.
                sessions[token] = user
                return .drop
            }
            if case .gatewayErrorAfterApplying(let status)? = fault {
                sessions[token] = user
                return .respond(status: status, headers: headers, body: Array("<html>Bad gateway</html>".utf8))
            }
            if case .holdAfterApplying(let seconds)? = fault {
                sessions[token] = user
                return .hold(seconds: seconds)
            }
            return answer
        case (_, "tokens/create"), (_, "subscriptions/list"), (_, "subscriptions/modify"):
            return push(request.method, operation, device: device, database, user, body, headers, query)
        default:
            return error(400, "BAD_REQUEST", headers, "unknown operation")
        }
    }

    /// `records/modify` as CLOUDKIT.md §12 gives it: one `update` whose change tag must be the
    /// record's current one; only the fields sent change, and the record gets a new tag and time.
    /// Failures are per-record entries in a 200: the wrong zone (or none) is `NOT_FOUND`, a stale tag
    /// `CONFLICT`, a participant of a read-only share `ACCESS_DENIED`.
    private func modify(_ database: String, _ user: String, _ body: JSONValue?, _ headers: [(String, String)]) -> Reply
    {
        guard let operation = body?["operations"]?.arrayValue?.first, body?["operations"]?.arrayValue?.count == 1,
            operation["operationType"]?.stringValue == "update", let record = operation["record"],
            let name = record["recordName"]?.stringValue, let fields = record["fields"]?.objectValue
        else {
            return error(400, "BAD_REQUEST", headers, "one update operation expected")
        }
        func failed(_ code: String, _ reason: String) -> Reply {
            reply(
                200, headers,
                .object([
                    "records": .array([
                        .object([
                            "recordName": .string(name), "serverErrorCode": .string(code), "reason": .string(reason),
                            "uuid": .string("u-\(code)"),
                        ])
                    ])
                ]))
        }
        guard visible(database, user), body?["zoneID"] == zone.zoneID, let current = zone.live[name]?.objectValue else {
            return failed("NOT_FOUND", "recordChangeTag specified, but record not found")
        }
        guard database == "private" || memberMayWrite else { return failed("ACCESS_DENIED", "read-only share") }
        if busyWrites > 0 {
            busyWrites -= 1
            return failed("ZONE_BUSY", "zone busy, try again later")
        }
        guard record["recordChangeTag"]?.stringValue == current["recordChangeTag"]?.stringValue else {
            return failed("CONFLICT", "client oplock error updating record")
        }
        var merged = current["fields"]?.objectValue ?? [:]
        for member in fields.members {
            var field = merged[member.key]?.objectValue ?? [:]
            field["value"] = member.value["value"]
            merged[member.key] = .object(field)
        }
        var saved = current
        saved["fields"] = .object(merged)
        clockMillis += 1000
        zone.save(saved, at: clockMillis)
        noteZoneChange()
        writes.append(name)
        return reply(200, headers, .object(["records": .array([zone.live[name] ?? .null])]))
    }

    package func visible(_ database: String, _ user: String) -> Bool {
        (database == "private" && user == Self.owner) || (database == "shared" && user == Self.member)
    }

    private func databaseChanges(
        _ database: String, _ user: String, _ body: JSONValue?, _ headers: [(String, String)]
    ) -> Reply {
        var since = 0
        if let token = body?["syncToken"]?.stringValue {
            guard token.hasPrefix("db-"), let number = Int(token.dropFirst(3)) else {
                return error(400, "BAD_REQUEST", headers, "bad token")
            }
            since = number
        }
        let listed = visible(database, user) && zoneChangedAt > since
        let zones: [JSONValue] = listed ? [.object(["zoneID": zone.zoneID, "deleted": .bool(!zoneExists)])] : []
        return reply(
            200, headers,
            .object(["zones": .array(zones), "syncToken": .string("db-\(databaseSeq)"), "moreComing": .bool(false)]))
    }

    private func zoneChanges(
        _ database: String, _ user: String, _ body: JSONValue?, _ headers: [(String, String)], stale: Bool, stuck: Bool
    ) -> Reply {
        guard let entry = body?["zones"]?.arrayValue?.first, let zoneID = entry["zoneID"] else {
            return error(400, "BAD_REQUEST", headers, "no zones")
        }
        func zoneError(_ code: String) -> Reply {
            reply(
                200, headers,
                .object([
                    "zones": .array([
                        .object([
                            "zoneID": zoneID, "serverErrorCode": .string(code), "reason": .string("zone error \(code)"),
                        ])
                    ])
                ]))
        }
        guard visible(database, user), zoneExists, zoneID == zone.zoneID else { return zoneError("ZONE_NOT_FOUND") }
        let token = entry["syncToken"]?.stringValue
        var after = 0
        if let token {
            let parts = token.dropFirst().split(separator: "-")
            guard !stale, token.hasPrefix("z"), parts.count == 2, Int(parts[0]) == zone.epoch, let seq = Int(parts[1])
            else {
                return zoneError("BAD_REQUEST")
            }
            after = seq
        }
        if stuck {
            return reply(
                200, headers,
                .object([
                    "zones": .array([
                        .object([
                            "zoneID": zone.zoneID, "syncToken": .string(token ?? "z\(zone.epoch)-0"),
                            "moreComing": .bool(true), "records": .array([]),
                        ])
                    ])
                ]))
        }
        let limit = min(Int(entry["resultsLimit"]?.integerValue ?? 200), pageSize)
        let page = zone.changes(after: after, limit: limit)
        let more: JSONValue = moreComingNull ? .null : .bool(page.moreComing)
        return reply(
            200, headers,
            .object([
                "zones": .array([
                    .object([
                        "zoneID": zone.zoneID, "syncToken": .string("z\(zone.epoch)-\(page.through)"),
                        "moreComing": more, "records": .array(page.records),
                    ])
                ])
            ]))
    }

    package func error(_ status: Int, _ code: String, _ headers: [(String, String)], _ reason: String) -> Reply {
        reply(
            status, headers,
            .object(["serverErrorCode": .string(code), "reason": .string(reason), "uuid": .string("u-\(status)")]))
    }

    package func reply(_ status: Int, _ headers: [(String, String)], _ body: JSONValue) -> Reply {
        .respond(
            status: status, headers: headers + [("Content-Type", "application/json")], body: body.serializedBytes())
    }

    /// Query parameters as a web server reads them: `+` is a space, then `%XX` escapes.
    package static func parameters(_ query: Substring) -> [String: String] {
        var result: [String: String] = [:]
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { continue }
            let spaced = parts[1].replacingOccurrences(of: "+", with: " ")
            result[String(parts[0])] = PercentEncoding.decode(Substring(spaced))
        }
        return result
    }
}
