import CloudKitWeb
import Foundation
import JSON
import VisibleText

/// Sends CloudKit requests strictly one at a time with SPEC §8.4's retries, and saves every
/// rotated token before anything else is sent. Failures become `SyncError`s; the token is never
/// in one.
final class CloudKitClient {
    private let requests: RequestBuilder
    private let transport: CloudKitTransport
    private let clock: SyncClock
    /// Called with each new token, before the next request; throws when it cannot be kept.
    private let keepToken: (WebAuthToken) throws -> Void
    private let started: Date
    private var waited: TimeInterval = 0
    private(set) var token: WebAuthToken?
    private(set) var requestCount = 0

    /// How a time to try again is written in a message: the sync's own run says it in the
    /// family's zone; UTC when no zone is known (sign-in).
    var showTime: (Date) -> String = Timestamp.text

    init(
        requests: RequestBuilder, transport: CloudKitTransport, clock: SyncClock, token: WebAuthToken?,
        keepToken: @escaping (WebAuthToken) throws -> Void
    ) {
        self.requests = requests
        self.transport = transport
        self.clock = clock
        self.token = token
        self.keepToken = keepToken
        started = clock.now()
    }

    /// The parsed body of a 2xx answer; any other answer throws.
    func send(_ operation: CloudKitOperation, database: CloudKitDatabase) throws -> (body: JSONValue, bytes: [UInt8]) {
        let answer = try answer(operation, database: database)
        guard answer.response.isSuccess, let body = answer.body else {
            throw failure(for: answer.response, operation: operation)
        }
        return (body, answer.response.body)
    }

    /// A write (`records/modify`), sent once: the parsed body of a 2xx answer, or nil when the
    /// answer was lost on the way and the write may or may not have been applied (no answer, a cut
    /// one, a gateway's page or a 5xx other than 503: what comes after CloudKit may have applied
    /// it). Such a write is never sent again: a second try would meet its own new change tag as a
    /// conflict, and only a sync can tell what happened. Only CloudKit's own error body says the
    /// write was refused; a 429 or 503 is not waited out (a tap does not wait minutes) but thrown
    /// as a passing failure with CloudKit's time to try again.
    func write(_ operation: CloudKitOperation, database: CloudKitDatabase) throws -> JSONValue? {
        requestCount += 1
        let awaited = "an answer to \(operation.path)"
        if clock.stopped() { throw SyncError(.stopped(what: awaited)) }
        let request = requests.request(operation, database: database, webAuthToken: token?.secret)
        let response: HTTPResponse
        do {
            response = try transport.send(request, until: clock.stopped)
        } catch is TransportError {
            if clock.stopped() { throw SyncError(.stopped(what: awaited)) }
            return nil
        }
        try keepRotatedToken(from: response)
        let body = try? JSONParser.parse(response.body)
        if response.isSuccess { return body }
        guard let error = body.flatMap(ServerErrorBody.init), response.status < 500 || response.status == 503 else {
            return nil
        }
        if response.status == 429 || response.status == 503 {
            let hint = error.retryAfter ?? response.retryAfterHeader
            throw passingFailure(
                "HTTP \(response.status) \"\(VisibleText.quote(error.serverErrorCode))\"", after: hint ?? 60, hint: hint
            )
        }
        throw failure(for: response, operation: operation)
    }

    /// Like `answer`, for callers that read the response themselves (sign-in wants the 421).
    func exchange(_ operation: CloudKitOperation, database: CloudKitDatabase) throws -> HTTPResponse {
        try answer(operation, database: database).response
    }

    /// The answer that ends the retries: a 2xx with a JSON body, a sign-in request without a
    /// session (what sign-in wants), or any answer that will not pass by waiting.
    /// The body is parsed once here (nil when it is not JSON); every later step reads that.
    private func answer(
        _ operation: CloudKitOperation, database: CloudKitDatabase
    ) throws -> (response: HTTPResponse, body: JSONValue?) {
        var attempt = 0
        var lastAnswerLost = false
        var signInRetried = false
        while true {
            attempt += 1
            requestCount += 1
            let request = requests.request(operation, database: database, webAuthToken: token?.secret)
            let response: HTTPResponse
            let awaited = "an answer to \(operation.path)"
            // Nothing new is sent once stopping, and a request under way gives up (a hung connection
            // would otherwise hold a stopping serve for the whole request timeout).
            if clock.stopped() { throw SyncError(.stopped(what: awaited)) }
            do {
                response = try transport.send(request, until: clock.stopped)
            } catch let error as TransportError {
                if clock.stopped() { throw SyncError(.stopped(what: awaited)) }
                try wait(after: attempt, what: error.description, hint: nil, lastResort: nil, operation: operation)
                lastAnswerLost = true
                continue
            }
            try keepRotatedToken(from: response)
            let body = try? JSONParser.parse(response.body)
            switch Self.classify(response, body: body, signedIn: token != nil) {
            case .success, .final:
                return (response, body)
            case .signInNeeded:
                // One more try when the answer before was lost: it may have carried a new token.
                guard token != nil, lastAnswerLost, !signInRetried, attempt < RetryPolicy.maximumAttempts else {
                    return (response, body)
                }
                signInRetried = true
            case .retry(let what, let hint, let finalIsProtocol):
                try wait(
                    after: attempt, what: what, hint: hint, lastResort: finalIsProtocol ? response : nil,
                    operation: operation)
            }
            lastAnswerLost = false
        }
    }

    /// Sleeps before the next attempt, or throws when the attempts or the run's time are used up:
    /// 75 with when to try again (and the server's hint, for serve's next sync), or the protocol
    /// failure of `lastResort` when there is one. Asked to stop, it ends the run instead of waiting.
    private func wait(
        after attempt: Int, what: String, hint: TimeInterval?, lastResort: HTTPResponse?, operation: CloudKitOperation
    ) throws {
        let delay = hint ?? RetryPolicy.backoff(afterAttempt: attempt, random: clock.random())
        let elapsed = max(clock.now().timeIntervalSince(started), waited)
        if attempt >= RetryPolicy.maximumAttempts || elapsed + delay > RetryPolicy.budget {
            if let lastResort { throw failure(for: lastResort, operation: operation) }
            throw passingFailure(what, after: delay, hint: hint)
        }
        // Checked on both sides of the sleep: a stop asked for just before it must not wait first.
        if clock.stopped() { throw SyncError(.stopped(what: what)) }
        clock.sleep(delay)
        if clock.stopped() { throw SyncError(.stopped(what: what)) }
        waited += delay
    }

    /// The failure that passes by waiting: when to try again (`delay` from now, a minute at least,
    /// in the family's zone) and CloudKit's own `hint`, which serve times its next sync by.
    func passingFailure(_ what: String, after delay: TimeInterval, hint: TimeInterval?) -> SyncError {
        SyncError(
            .temporary(what: what, retryAt: showTime(clock.now().addingTimeInterval(max(delay, 60)))), retryAfter: hint)
    }

    private func keepRotatedToken(from response: HTTPResponse) throws {
        guard let text = response.rotatedToken, let fresh = WebAuthToken(text), fresh != token, token != nil else {
            return
        }
        try keepToken(fresh)
        token = fresh
    }

    static func classify(_ response: HTTPResponse, body: JSONValue?, signedIn: Bool) -> AnswerKind {
        let error = body.flatMap(ServerErrorBody.init)
        let hint = error?.retryAfter ?? response.retryAfterHeader
        let code = error?.serverErrorCode
        switch response.status {
        case 200..<300:
            if body == nil {
                return .retry(
                    what: "HTTP \(response.status) with a body that is not JSON", hint: nil, finalIsProtocol: true)
            }
            return .success
        case 421, 401:
            return signedIn || response.status == 421 ? .signInNeeded : .final
        case 429, 500, 502, 503, 504:
            return .retry(
                what: "HTTP \(response.status)" + (code.map { " \"\(VisibleText.quote($0))\"" } ?? ""), hint: hint,
                finalIsProtocol: false)
        default:
            if error == nil {
                return .retry(
                    what: "HTTP \(response.status) with a body that is not JSON", hint: hint, finalIsProtocol: false)
            }
            return .final
        }
    }

    /// The `SyncError` for an answer that ended the retries without success.
    func failure(for response: HTTPResponse, operation: CloudKitOperation) -> SyncError {
        let error = ServerErrorBody(response: response)
        let detail = self.detail(status: response.status, error: error)
        switch response.status {
        case 200..<300:
            return SyncError(.unusableAnswer("the answer to \(operation.path) is not JSON."))
        case 421, 401:
            return token == nil ? SyncError(.apiTokenRejected(detail)) : SyncError(.sessionRejected)
        case 403:
            return SyncError(.accessDenied(detail))
        case 400 where operation.carriesSyncToken && error?.serverErrorCode == "BAD_REQUEST":
            return SyncError(.staleSyncToken(detail))
        case 400, 404:
            let address = requests.address
            return SyncError(
                .containerNotFound(container: address.container, environment: address.environment.rawValue, detail))
        default:
            return SyncError(.unexpectedResponse(operation: operation.path, detail))
        }
    }

    /// The server's words with the token scrubbed out, for any error that shows them.
    func detail(status: Int?, error: ServerErrorBody?) -> ServerDetail {
        ServerDetail(status: status, error: error, hiding: token.map { [$0.secret] } ?? [])
    }
}
