import AemtliCore
import AemtliSite
import AemtliSync
import Files
import Foundation
import JSON
import Mustache
import StaticHTTP

/// `POST /_aemtli/pair` and `POST /_aemtli/tick` (SPEC §10), answered on the connection's thread.
/// A tick runs while the serve loop does nothing else: the write and its sync (`SyncEngine.setDone`),
/// then the build that puts it on the pages and tells them, so that the answer comes once the tick
/// is on the page. Every refusal is a status with one sentence in the family's language, and
/// nothing is written; each tick attempt is a line in `STORE/history/ticks.jsonl`.
final class TickEndpoints: @unchecked Sendable {
    private let invocation: Invocation
    private let loop: ServeLoop
    private let folder: TickStateFolder
    private let words: Words

    init(invocation: Invocation, loop: ServeLoop, folder: TickStateFolder, words: Words) {
        self.invocation = invocation
        self.loop = loop
        self.folder = folder
        self.words = words
    }

    func handle(_ request: ServerRequest) -> ServerResponse? {
        switch request.path {
        case "/_aemtli/pair" where request.method == "GET": return pairPage()
        case "/_aemtli/pair": return answer { try pair(request) }
        case "/_aemtli/tick": return answer { try tick(request) }
        case "/_aemtli/device": return answer { try device(request) }
        default: return nil
        }
    }

    private struct Refusal: Error {
        let status: Int
        let phrase: Phrase
    }

    private func answer(_ body: () throws -> ServerResponse) -> ServerResponse {
        do {
            return try body()
        } catch let refusal as Refusal {
            return message(refusal.status, refusal.phrase)
        } catch {
            // A fault of the state folder or the store: said on the server, never a secret.
            invocation.diagnose(.warning, "a tick could not be handled: \(error)")
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
        if let status = SameOriginPost.refusal(request) { throw Refusal(status: status, phrase: .tickBadRequest) }
        guard let value = try? JSONParser.parse(request.body), value.objectValue != nil else {
            throw Refusal(status: 400, phrase: .tickBadRequest)
        }
        return value
    }

    /// Whether the device that asks is paired: the page's script shows "Done" only then.
    private func device(_ request: ServerRequest) throws -> ServerResponse {
        _ = try object(request)
        guard let value = SameOriginPost.cookie(DeviceCookie.name, in: request),
            try DeviceStore(folder: folder).device(forCookie: value) != nil
        else { throw Refusal(status: 401, phrase: .tickNotPaired) }
        return message(200, .pairDone, extra: ["mayTick": .bool(true)])
    }

    /// The page a device pairs on: the code and a button; the site's one script posts it.
    private func pairPage() -> ServerResponse {
        func text(_ phrase: Phrase) -> String {
            MustacheEscaping.html.escaped(words[phrase])
        }
        let policy = MustacheEscaping.html.escaped(PageScript.contentSecurityPolicy)
        let page = """
            <!DOCTYPE html>
            <html lang="\(words.language.rawValue)">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="\(policy)">
            <title>\(text(.pairTitle))</title>
            <link rel="stylesheet" href="/assets/style.css">
            </head>
            <body>
            <main id="main">
            <h1>\(text(.pairTitle))</h1>
            <form id="pair-form">
            <label for="pair-code">\(text(.pairCode))</label>
            <input id="pair-code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6" required>
            <button type="submit">\(text(.pairButton))</button>
            </form>
            <p id="pair-message" role="status"></p>
            </main>
            <script>\(PageScript.source)</script>
            </body>
            </html>

            """
        return ServerResponse(
            status: 200,
            headers: [
                HTTPHeader("Content-Type", "text/html; charset=utf-8"),
                HTTPHeader("Content-Security-Policy", PageScript.contentSecurityPolicy),
            ], body: Array(page.utf8))
    }

    private func pair(_ request: ServerRequest) throws -> ServerResponse {
        guard let code = try object(request)["code"]?.stringValue else {
            throw Refusal(status: 400, phrase: .tickBadRequest)
        }
        switch try PairingCode(folder: folder).redeem(code: code, now: invocation.environment.clock()) {
        case .success(let cookie):
            let header = "\(DeviceCookie.name)=\(cookie.value); HttpOnly; SameSite=Strict; Path=/"
            return message(200, .pairDone, headers: [HTTPHeader("Set-Cookie", header)])
        case .failure:
            throw Refusal(status: 403, phrase: .pairRefused)
        }
    }

    private func tick(_ request: ServerRequest) throws -> ServerResponse {
        let body = try object(request)
        guard let value = SameOriginPost.cookie(DeviceCookie.name, in: request),
            let device = try DeviceStore(folder: folder).device(forCookie: value)
        else { throw Refusal(status: 401, phrase: .tickNotPaired) }
        guard let choreID = body["chore"]?.stringValue, let slug = body["member"]?.stringValue,
            let done = body["done"]?.boolValue
        else { throw Refusal(status: 400, phrase: .tickBadRequest) }
        return try loop.exclusively {
            // The configuration the loop builds with: while aemtli.json does not read, the last one that did.
            let configuration = try loop.configuration().configuration
            let settings = try Settings.resolve(
                invocation.arguments, configuration: configuration, environment: invocation.environment,
                path: invocation.path)
            let family = try currentFamily(settings)
            guard let chore = family.chores.first(where: { $0.id == choreID }),
                let member = family.member(withSlug: slug)
            else { throw Refusal(status: 404, phrase: .tickUnknown) }
            let audit = { (outcome: String) in
                self.record(
                    device: device.name, member: member.id, chore: chore.id, done: done, outcome: outcome,
                    store: settings.store ?? "store")
            }
            guard chore.isCurrentlyDone(in: settings.schedule.periods) != done else {
                audit("already")
                throw Refusal(status: 409, phrase: .tickAlready)
            }
            if case .needsParentPIN = TickPermission.decide(
                family: family, chore: chore, doneBy: member, correctParentPIN: false)
            {
                guard let pin = body["pin"]?.stringValue else {
                    audit("not allowed")
                    throw Refusal(status: 403, phrase: .tickNotAllowed)
                }
                let pins = ParentPins(folder: folder, rounds: invocation.environment.pinRounds)
                let parents = family.members.filter { $0.role == .parent }
                let now = invocation.environment.clock()
                switch try pins.check(pin: pin, parents: parents, device: device.name, now: now) {
                case .accepted: break
                case .wrong:
                    audit("wrong pin")
                    throw Refusal(status: 403, phrase: .tickWrongPin)
                case .locked:
                    audit("locked")
                    throw Refusal(status: 403, phrase: .tickLocked)
                case .noPIN:
                    audit("no pin")
                    throw Refusal(status: 403, phrase: .tickNotAllowed)
                }
            }
            let outcome: TickOutcome
            do {
                outcome = try engine().setDone(recordName: chore.id, done: done)
            } catch let error as SyncError {
                audit(error.result.rawValue)
                throw Refusal(status: 503, phrase: error.result == .signIn ? .tickSignIn : .tickBusy)
            }
            audit("\(outcome)")
            switch outcome {
            case .written:
                loop.build()
                return message(200, done ? .tickDone : .tickUndone, extra: ["done": .bool(done)])
            case .alreadyInState:
                throw Refusal(status: 409, phrase: .tickAlready)
            case .conflict:
                loop.build()
                throw Refusal(status: 409, phrase: .tickChanged)
            case .accessDenied:
                throw Refusal(status: 403, phrase: .tickReadOnly)
            case .notFound:
                loop.build()
                throw Refusal(status: 404, phrase: .tickUnknown)
            }
        }
    }

    /// The family as the store holds it now, read without printing its warnings again.
    private func currentFamily(_ settings: Settings) throws -> Family {
        let loader = StoreLoader(environment: invocation.environment)
        let location = try loader.locate(settings.store)
        return try StoreReader().read(try loader.sources(at: location, settings: settings)).family
    }

    private func engine() throws -> SyncEngine {
        let sync = try SyncSettings(invocation, configuration: try loop.configuration().configuration)
        return sync.engine(try sync.cloudKit.checked(), environment: invocation.environment)
    }

    /// One line of `STORE/history/ticks.jsonl`: who, what, and what came of it; no PIN, cookie or token.
    private func record(device: String, member: String, chore: String, done: Bool, outcome: String, store path: String)
    {
        let store = invocation.environment.place(path)
        let line: JSONValue = .object([
            "at": .integer(invocation.environment.clock().millis), "device": .string(device), "member": .string(member),
            "chore": .string(chore), "event": .string(done ? "done" : "undone"), "outcome": .string(outcome),
        ])
        let path = store.path + "/history/ticks.jsonl"
        do {
            try invocation.environment.files.makeFolders(FileIO.folder(of: path))
            let before = (try? invocation.environment.files.readBytes(path)) ?? []
            try invocation.environment.files.writeAtomically(before + line.serializedBytes() + [0x0A], to: path)
        } catch {
            invocation.diagnose(.warning, "the tick could not be noted in \"\(path)\": \(FileIO.describe(error))")
        }
    }
}
