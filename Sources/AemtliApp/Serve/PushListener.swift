import AemtliSync
import CloudKitWeb
import Files
import Foundation

/// Serve's push (SPEC §9 "Push", CLOUDKIT.md §13): one long poll, on a thread of its own, to the
/// address that `SyncEngine.registerForPush` got, and what it means for the loop. A frame only
/// asks the loop for a sync now (any number of frames before the loop looks make one sync; frames
/// during a sync make one more after it); nothing else in a frame is used. Polling at
/// `syncEverySeconds` goes on whatever push does: a long poll that fails backs off (0.01 s, then
/// longer up to a minute), asks for a new address after a 404 or every fifth failure in a row, and
/// is said to be failing from its third; a session that ends stops it, and frames are ignored until
/// a new sign-in registers again.
///
/// The loop's thread does every CloudKit call (registration after a good sync, through the sync's
/// client and lock) and writes `STORE/cloudkit/push`; the poll's thread only asks the address,
/// which nothing prints.
final class PushListener: @unchecked Sendable {
    /// How long to wait before the next long poll after failures in a row (CloudKit's web client
    /// waits 10 ms, 100 ms, then a second).
    static let backoff: [TimeInterval] = [0.01, 0.1, 1, 2, 5, 10, 30, 60]
    /// Failures in a row from which push is said to be failing, and after every so many of which a
    /// new address is asked for.
    static let failingAfter = 3
    static let renewAfter = 5

    private let transport: CloudKitTransport
    private let control: ServeControl
    /// Serve's clock, for the times the status file and the pages show.
    private let clock: () -> Date
    /// Told of each change of state, in one line (serve's standard output), on the loop's thread.
    private let say: (String) -> Void
    private let condition = NSCondition()

    // Guarded by `condition`.
    private var address: LongPollAddress?
    /// Bumped whenever the address is replaced or dropped: a poll under way for an older one gives
    /// up, and what it brings is ignored.
    private var generation = 0
    private var syncAsked = false
    private var failures = 0
    private var expiredInARow = 0
    private var firstFailure: Date?
    private var wantsAddress = false
    private var renewAt = Date.distantFuture
    /// The sign-in time of the session registration was last tried in: a new session tries at once,
    /// the same one only when CloudKit's last refusal is old enough.
    private var attemptedFor: Date?
    private var nextRegistration = Date.distantPast
    private var registrationFailures = 0
    private var status: PushStatus
    private var written: PushStatus?
    /// Lines for serve's output, said by the loop's thread (`publish`), which writes its others.
    private var unsaid: [String] = []
    private var store: String?
    private var stopped = false
    private var running = false

    init(
        transport: CloudKitTransport, control: ServeControl, clock: @escaping () -> Date,
        say: @escaping (String) -> Void
    ) {
        self.transport = transport
        self.control = control
        self.clock = clock
        self.say = say
        status = PushStatus(state: .starting, since: clock())
    }

    private func locked<Value>(_ body: () throws -> Value) rethrows -> Value {
        condition.lock()
        defer { condition.unlock() }
        return try body()
    }

    // MARK: The loop's side

    /// Starts the long poll's thread; it waits until there is an address.
    func start() {
        locked { running = true }
        Thread.detachNewThread { [self] in
            pollUntilStopped()
            locked {
                running = false
                condition.broadcast()
            }
        }
    }

    /// Whether a frame (or a lost address) asks for a sync now; the question is taken away.
    func takeSyncRequest() -> Bool {
        locked {
            defer { syncAsked = false }
            return syncAsked || (wantsAddress && clock() >= nextRegistration)
        }
    }

    /// After a good sync of `store` with the session signed in at `signedInAt`: registers when an
    /// address is needed (none yet, a new session, a 404, failures, its `ttl` near) and CloudKit's
    /// last refusal is old enough; `register` is the engine's, given whether to renew.
    func afterSync(store: String, signedInAt: Date, register: (_ renew: Bool) throws -> PushRegistration) {
        let now = clock()
        let (renew, due) = locked { () -> (Bool, Bool) in
            self.store = store
            let newSession = attemptedFor != signedInAt
            let needed = address == nil || newSession || wantsAddress || now >= renewAt
            let due = needed && (newSession || now >= nextRegistration)
            if due { attemptedFor = signedInAt }
            return (wantsAddress, due)
        }
        guard due else { return }
        do {
            let registration = try register(renew)
            locked {
                address = registration.address
                renewAt = registration.renewAt
                wantsAddress = false
                registrationFailures = 0
                nextRegistration = .distantPast
                failures = 0
                firstFailure = nil
                generation += 1
                change(to: .on, detail: nil, at: now)
                condition.broadcast()
            }
        } catch let error as SyncError {
            if case .stopped = error.reason { return }
            switch error.result {
            case .signIn, .access: pause(store: store)
            case .temporary: registrationFailed(error.description, refused: false, at: now)
            default: registrationFailed(error.description, refused: true, at: now)
            }
        } catch {
            registrationFailed("\(error)", refused: true, at: now)
        }
    }

    /// No session, or CloudKit ended it: the long poll stops, frames are ignored, and the next
    /// session registers again.
    func pause(store: String) {
        locked {
            self.store = store
            address = nil
            generation += 1
            syncAsked = false
            wantsAddress = false
            attemptedFor = nil
            change(to: .signIn, detail: nil, at: clock())
            condition.broadcast()
        }
    }

    /// Writes `STORE/cloudkit/push` when the state changed since it was last written (and the
    /// store has its `cloudkit/` folder: serve makes no store of its own); true when it did, so that
    /// the pages are built again.
    func publish() -> Bool {
        let (status, store, lines) = locked { () -> (PushStatus, String?, [String]) in
            defer { unsaid = [] }
            return (self.status, self.store, unsaid)
        }
        lines.forEach(say)
        guard let store, status != written, FileIO.local.kind(StoreLayout(store: store).cloudkit) == .folder else {
            return false
        }
        do {
            try status.write(store: store)
        } catch {
            return false
        }
        locked { written = status }
        return true
    }

    /// Ends the long poll (within a tenth of a second: its request gives up) and says in the status
    /// file that this serve no longer listens.
    func stop() {
        locked {
            stopped = true
            generation += 1
            condition.broadcast()
            let end = Date().addingTimeInterval(1)
            while running, condition.wait(until: end) {}
            change(to: .stopped, detail: nil, at: clock())
        }
        _ = publish()
    }

    private func registrationFailed(_ why: String, refused: Bool, at now: Date) {
        locked {
            registrationFailures += 1
            // A refusal is asked about again hourly; a passing failure after 1, 2, 4 … minutes.
            let wait = refused ? 3600 : min(3600, 60 * pow(2, Double(min(registrationFailures - 1, 6))))
            nextRegistration = now.addingTimeInterval(wait)
            // An address that still works goes on being used until a new one replaces it.
            guard address == nil else { return }
            change(to: refused ? .refused : .failing, detail: why, at: now)
        }
    }

    /// Under the lock: the new state, said once.
    private func change(to state: PushStatus.State, detail: String?, at now: Date) {
        guard state != status.state || (detail != status.detail && state != .on) else { return }
        let since = state == .failing ? (firstFailure ?? now) : now
        status = PushStatus(state: state, since: since, detail: detail)
        if state != .stopped && state != .starting { unsaid.append(Self.sentence(status)) }
    }

    /// Serve's line for a new state.
    static func sentence(_ status: PushStatus) -> String {
        switch status.state {
        case .on: return "Push: on; a change in iCloud reaches the pages within seconds."
        case .starting: return "Push: starting; changes come with each sync until it is on."
        case .signIn: return "Push: off until someone signs in; changes come with each sync."
        case .refused:
            return
                "Push: off, iCloud refused it (\(status.detail ?? "no reason")); changes come with each sync, and serve asks again in an hour."
        case .failing:
            return "Push: failing (\(status.detail ?? "no reason")); changes come with each sync until it recovers."
        case .stopped: return "Push: off, serve stopped."
        }
    }

    // MARK: The long poll's thread

    private func pollUntilStopped() {
        while let (request, polled) = nextPoll() {
            let started = Date()
            let response = Result { try transport.send(request, until: { [self] in abandoned(polled) }) }
            let pause = locked { () -> TimeInterval in
                guard !stopped, polled == generation else { return 0 }
                return handle(response, took: Date().timeIntervalSince(started))
            }
            if pause > 0 { wait(pause, for: polled) }
        }
    }

    /// The next long poll's request and the generation it is for, once there is an address; nil
    /// once stopping.
    private func nextPoll() -> (HTTPRequest, Int)? {
        locked {
            while !stopped, !control.isStopping, address == nil {
                _ = condition.wait(until: Date().addingTimeInterval(0.5))
            }
            guard !stopped, !control.isStopping, let address else { return nil }
            return (address.request, generation)
        }
    }

    private func abandoned(_ polled: Int) -> Bool {
        control.isStopping || locked { stopped || polled != generation }
    }

    /// Waits `seconds`, or less when the address changes or serve stops.
    private func wait(_ seconds: TimeInterval, for polled: Int) {
        let end = Date().addingTimeInterval(seconds)
        locked {
            while !stopped, !control.isStopping, polled == generation, Date() < end {
                _ = condition.wait(until: min(end, Date().addingTimeInterval(0.1)))
            }
        }
    }

    /// Under the lock: what one answer means; the pause before the next poll.
    private func handle(_ response: Result<HTTPResponse, Error>, took: TimeInterval) -> TimeInterval {
        let answer: LongPollAnswer
        switch response {
        case .success(let received): answer = LongPollAnswer(received)
        case .failure(let error as TransportError) where error.reason == .timedOut:
            // Our own time limit: the same as an idle answer (CLOUDKIT.md §13.3).
            answer = .idle
        case .failure(let error): answer = .unusable("\(error)")
        }
        switch answer {
        case .frame:
            syncAsked = true
            control.wake()
            succeeded()
            return 0.01
        case .idle:
            succeeded()
            // An idle answer that came at once is a server that does not hold: no faster than one a second.
            return took < 1 ? 1 : 0.01
        case .expired:
            // A new address after the next sync; the third 404 in a row without a good answer
            // between them waits a minute, then longer, so that a server that forgets every address
            // at once is not asked for one every second.
            expiredInARow += 1
            address = nil
            generation += 1
            wantsAddress = true
            if expiredInARow >= 3 {
                nextRegistration = clock().addingTimeInterval(min(3600, 60 * pow(2, Double(min(expiredInARow - 3, 6)))))
            }
            change(to: expiredInARow >= 3 ? .failing : .starting, detail: "the long-poll address expired", at: clock())
            control.wake()
            return 0
        case .unusable(let why):
            failed(why)
            if failures % Self.renewAfter == 0 {
                wantsAddress = true
                control.wake()
            }
            return Self.backoff[min(failures - 1, Self.backoff.count - 1)]
        }
    }

    private func succeeded() {
        failures = 0
        expiredInARow = 0
        firstFailure = nil
        change(to: .on, detail: nil, at: clock())
    }

    private func failed(_ why: String) {
        failures += 1
        if firstFailure == nil { firstFailure = clock() }
        if failures >= Self.failingAfter { change(to: .failing, detail: why, at: clock()) }
    }
}
