import AemtliCore
import AemtliSite
import AemtliSync
import Files
import Foundation
import JSON
import Mustache
import StaticHTTP
import VisibleText

/// `POST /_aemtli/pair` and `POST /_aemtli/tick` (SPEC §10), answered on the connection's thread.
/// A tick runs while the serve loop does nothing else: the write and its sync (`SyncEngine.setDone`),
/// then the build that puts it on the pages and tells them, so that the answer comes once the tick
/// is on the page. Every refusal is a status with one sentence in the family's language, and
/// nothing is written; CloudKit's answer, never the sync after it, says whether a write was made.
/// Each attempt is a line in `STORE/history/ticks.jsonl` (`TickAudit`), a write's before it is sent.
/// A request reads the clock once, when it comes; a tick looks its chore up in the family the
/// loop's last build read (the pages the device shows), and reads the store only when there is none.
final class TickEndpoints: @unchecked Sendable {
    /// How long a device's cookie lasts when unused (SPEC §10: 400 days, renewed on use).
    static let cookieSeconds = 400 * 86_400

    private let environment: CommandEnvironment
    private let loop: ServeLoop
    private let folder: TickStateFolder
    private let words: Words
    /// `--templates`, whose `pair.mustache` replaces the built-in pairing page, as the others do.
    private let templates: String?
    /// Where the pairing page's template warnings go: each once, not at every visit.
    private let templateWarnings: SaidOnceOutput
    private let rate = TickRateLimit()
    private let ownTicks = OwnTicks()

    init(
        environment: CommandEnvironment, loop: ServeLoop, folder: TickStateFolder, words: Words, templates: String?
    ) {
        self.environment = environment
        self.templates = templates
        templateWarnings = SaidOnceOutput(environment.standardError)
        self.loop = loop
        self.folder = folder
        self.words = words
    }

    func handle(_ request: ServerRequest) -> ServerResponse? {
        switch request.path {
        case "/_aemtli/pair" where request.method == "GET": return pairPage()
        case "/_aemtli/pair": return answer { try pair(request, at: environment.clock()) }
        case "/_aemtli/tick": return answer { try tick(request, at: environment.clock()) }
        case "/_aemtli/device": return answer { try device(request) }
        default: return nil
        }
    }

    private struct Refusal: Error {
        let status: Int
        let phrase: Phrase
        var headers: [HTTPHeader] = []
    }

    private static let tooMany = Refusal(
        status: 429, phrase: .tickTooMany, headers: [HTTPHeader("Retry-After", "\(Int(TickRateLimit.window))")])

    private func answer(_ body: () throws -> ServerResponse) -> ServerResponse {
        do {
            return try body()
        } catch let refusal as Refusal {
            return message(refusal.status, refusal.phrase, headers: refusal.headers)
        } catch {
            // A fault of the state folder or the store: said on the server, never a secret.
            environment.diagnose(.warning, "a tick could not be handled: \(error)")
            return message(503, .tickBusy)
        }
    }

    private func message(
        _ status: Int, _ phrase: Phrase, extra: JSONObject = [:], headers: [HTTPHeader] = []
    )
        -> ServerResponse
    {
        var object = extra
        object["message"] = .string(words[phrase])
        return ServerResponse(
            status: status, headers: [HTTPHeader("Content-Type", "application/json; charset=utf-8")] + headers,
            body: JSONValue.object(object).serializedBytes())
    }

    /// The request's JSON object, once it is a same-origin POST of JSON.
    private func object(_ request: ServerRequest) throws -> JSONValue {
        let origins = (try? loop.household().configuration.origins ?? []) ?? []
        if let status = SameOriginPost.refusal(request, origins: origins) {
            throw Refusal(status: status, phrase: .tickBadRequest)
        }
        guard let value = try? JSONParser.parse(request.body), value.objectValue != nil else {
            throw Refusal(status: 400, phrase: .tickBadRequest)
        }
        return value
    }

    /// Whether the device that asks is paired: the page's script shows "Done" only then.
    /// Asked by every page that may show Done, so it also renews the device's cookie.
    private func device(_ request: ServerRequest) throws -> ServerResponse {
        _ = try object(request)
        guard let value = SameOriginPost.cookie(DeviceCookie.name, in: request),
            try DeviceStore(folder: folder).device(forCookie: value) != nil
        else { throw Refusal(status: 401, phrase: .tickNotPaired) }
        return message(200, .pairDone, extra: ["mayTick": .bool(true)], headers: [cookieHeader(value, request)])
    }

    /// The device's cookie as SPEC §10 sets it; `Secure` when the page came over HTTPS (a proxy),
    /// which a plain-HTTP page could not send back.
    private func cookieHeader(_ value: String, _ request: ServerRequest) -> HTTPHeader {
        var text = "\(DeviceCookie.name)=\(value); HttpOnly; SameSite=Strict; Path=/; Max-Age=\(Self.cookieSeconds)"
        if SameOriginPost.cameOverHTTPS(request) { text += "; Secure" }
        return HTTPHeader("Set-Cookie", text)
    }

    /// The page a device pairs on (`pair.mustache`, or the one in `--templates`, read at each
    /// visit like serve's other templates at each build), styled like the wall it leads to: the
    /// code and a button; the site's one script posts it and, once paired, shows the link to the wall.
    private func pairPage() -> ServerResponse {
        let data: MustacheObject = [
            "lang": .string(words.language.rawValue), "labels": words.labels,
            "policy": .string(PageScript.contentSecurityPolicy), "source": .string(PageScript.source),
            "hrefs": [
                "wall": .string("/" + SitePaths.wall), "wallStylesheet": .string("/" + SitePaths.wallStylesheet),
                "icon": .string("/" + SitePaths.icon),
            ],
        ]
        do {
            return ServerResponse(
                status: 200,
                headers: [
                    HTTPHeader("Content-Type", "text/html; charset=utf-8"),
                    HTTPHeader("Content-Security-Policy", PageScript.headerPolicy),
                ], body: try pairTemplates().render("pair", .object(data)))
        } catch {
            // The built-in templates are checked by the tests, an override in --templates is not:
            // said on the server, and the device hears that serve is busy.
            environment.diagnose(.warning, "the pairing page could not be made: \(ErrorSentence.of(error))")
            return message(503, .tickBusy)
        }
    }

    /// The templates the pairing page is made from: the built-in ones with `--templates` over them.
    private func pairTemplates() throws -> TemplateSet {
        var quieter = environment
        quieter.standardError = templateWarnings
        return try TemplateOverrides(folder: templates, environment: quieter).load()
    }

    private func pair(_ request: ServerRequest, at now: Date) throws -> ServerResponse {
        let body = try object(request)
        guard rate.allows("address " + request.client, now: now) else { throw Self.tooMany }
        guard let code = body["code"]?.stringValue else {
            throw Refusal(status: 400, phrase: .tickBadRequest)
        }
        switch try PairingCode(folder: folder).redeem(code: code, now: now) {
        case .success(let cookie):
            return message(200, .pairDone, headers: [cookieHeader(cookie.value, request)])
        case .failure:
            throw Refusal(status: 403, phrase: .pairRefused)
        }
    }

    private func tick(_ request: ServerRequest, at now: Date) throws -> ServerResponse {
        let body = try object(request)
        let cookie = SameOriginPost.cookie(DeviceCookie.name, in: request)
        let device = try cookie.flatMap { try DeviceStore(folder: folder).device(forCookie: $0) }
        let key = device.map { "device " + $0.name } ?? "address " + request.client
        guard rate.allows(key, now: now) else { throw Self.tooMany }
        guard let cookie, let device else { throw Refusal(status: 401, phrase: .tickNotPaired) }
        guard let choreID = body["chore"]?.stringValue, let slug = body["member"]?.stringValue,
            let done = body["done"]?.boolValue
        else { throw Refusal(status: 400, phrase: .tickBadRequest) }
        let pin = body["pin"]?.stringValue
        if body["pin"] != nil, pin.map(PINRule.isPIN) != true {
            throw Refusal(status: 400, phrase: .tickBadRequest)
        }
        return try loop.exclusively {
            // The household the loop builds with: while aemtli.json does not read, the last one that did.
            let household = try loop.household()
            let settings = household.settings(at: household.now(clock: now))
            let family = try loop.family ?? storeFamily(household, settings)
            guard let chore = family.chores.first(where: { $0.id == choreID }),
                let member = family.member(withSlug: slug)
            else { throw Refusal(status: 404, phrase: .tickUnknown) }
            let audit = TickAudit(store: environment.place(household.syncedStore).path, files: files)
            let note = { (outcome: String) in
                self.note(
                    audit, device: device.name, member: member.id, chore: chore.id, done: done, outcome: outcome,
                    at: now)
            }
            // An undo is only of this device's own tick, by the tag of that write.
            var undoTag: String?
            if done {
                // A stale flag counts as open (SPEC §4), so its Done saves 1 again.
                guard !chore.isCurrentlyDone(in: settings.schedule.periods) else {
                    note("already")
                    throw Refusal(status: 409, phrase: .tickAlready)
                }
            } else {
                undoTag = ownTicks.undoTag(device: device.name, chore: chore.id, at: now)
                guard undoTag != nil else {
                    note("no undo")
                    throw Refusal(status: 409, phrase: .tickUndoGone)
                }
            }
            if case .needsParentPIN = TickPermission.decide(
                family: family, chore: chore, doneBy: member, correctParentPIN: false)
            {
                guard let pin else {
                    note("not allowed")
                    throw Refusal(status: 403, phrase: .tickNotAllowed)
                }
                let pins = ParentPins(folder: folder, rounds: environment.pinRounds)
                let parents = family.members.filter { $0.role == .parent }
                switch try pins.check(pin: pin, parents: parents, device: device.name, now: now) {
                case .accepted: break
                case .wrong:
                    note("wrong pin")
                    throw Refusal(status: 403, phrase: .tickWrongPin)
                case .locked:
                    note("locked")
                    throw Refusal(status: 403, phrase: .tickLocked)
                case .noPIN:
                    note("no pin")
                    throw Refusal(status: 403, phrase: .tickNotAllowed)
                }
            }
            // On disk before the write is sent: a crash after it still leaves the attempt.
            try audit.note(
                line(device: device.name, member: member.id, chore: chore.id, done: done, outcome: "attempt", at: now))
            let outcome: TickOutcome
            do {
                let sync = try loop.syncSettings(at: now)
                outcome = try sync.engine(try sync.cloudKit.checked(), environment: environment).setDone(
                    recordName: chore.id, done: done, changeTag: undoTag)
            } catch let error as SyncError {
                note(error.result.rawValue)
                throw Refusal(status: 503, phrase: error.result == .signIn ? .tickSignIn : .tickBusy)
            }
            note(outcome.auditName)
            if !done { ownTicks.forget(device: device.name, chore: chore.id) }
            switch outcome {
            case .written(let tag):
                if done {
                    ownTicks.remember(device: device.name, chore: chore.id, changeTag: tag, at: now)
                }
                loop.build(at: now)
                return answer(done: done, undo: done, cookie: cookie, request)
            case .writtenAnswerLost:
                loop.build(at: now)
                return answer(done: done, undo: false, cookie: cookie, request)
            case .alreadyInState:
                throw Refusal(status: 409, phrase: .tickAlready)
            case .conflict:
                loop.build(at: now)
                throw Refusal(status: 409, phrase: .tickChanged)
            case .accessDenied:
                throw Refusal(status: 403, phrase: .tickReadOnly)
            case .notFound:
                loop.build(at: now)
                throw Refusal(status: 404, phrase: .tickUnknown)
            case .answerLostNotWritten:
                loop.build(at: now)
                throw Refusal(status: 503, phrase: .tickBusy)
            case .writtenStillStale:
                environment.diagnose(
                    .warning,
                    "iCloud saved the tick of \"\(VisibleText.quote(chore.title))\" without moving its time into the current period, so it still counts as open."
                )
                loop.build(at: now)
                throw Refusal(status: 503, phrase: .tickBusy)
            }
        }
    }

    /// A tick's 200: the chore's new state, whether the page may offer Undo (only for a write whose
    /// answer came, so aemtli knows its tag), and the device's cookie renewed.
    private func answer(done: Bool, undo: Bool, cookie: String, _ request: ServerRequest) -> ServerResponse {
        message(
            200, done ? .tickDone : .tickUndone, extra: ["done": .bool(done), "undo": .bool(undo)],
            headers: [cookieHeader(cookie, request)])
    }

    /// The family as the store holds it now, read without printing its warnings again: when the
    /// loop has none (its last build failed, or a sync came after it).
    private func storeFamily(_ household: Household, _ settings: Settings) throws -> Family {
        let loader = StoreLoader(environment: environment)
        let location = try loader.locate(household.store)
        return try StoreReader().read(try loader.sources(at: location, settings: settings)).family
    }

    private var files: FileIO { environment.files }

    /// One line of `STORE/history/ticks.jsonl`: who, what, and what came of it; no PIN, cookie or token.
    private func line(
        device: String, member: String, chore: String, done: Bool, outcome: String, at now: Date
    ) -> JSONValue {
        .object([
            "at": .integer(now.millis), "device": .string(device), "member": .string(member),
            "chore": .string(chore), "event": .string(done ? "done" : "undone"), "outcome": .string(outcome),
        ])
    }

    /// Notes an outcome; a log that cannot be written is said on the server and does not undo a tick.
    private func note(
        _ audit: TickAudit, device: String, member: String, chore: String, done: Bool, outcome: String, at now: Date
    ) {
        do {
            try audit.note(line(device: device, member: member, chore: chore, done: done, outcome: outcome, at: now))
        } catch {
            environment.diagnose(
                .warning, "the tick could not be noted in \"\(audit.path)\": \(FileIO.describe(error))")
        }
    }
}
