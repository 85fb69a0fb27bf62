import Dispatch
import Processes

/// `CloudKitTransport` through a short-lived child process: each request is sent by a new child
/// (the same program, started with `TransportChild.argument`), which answers with URLSession and
/// ends. `serve` uses it on Linux, where FoundationNetworking keeps a few hundred bytes of every
/// request it sends for as long as the process lives (docs/performance.md); a child takes them
/// with it. The request and its answer cross a socket pair as an `ExchangeFrame`, never an
/// argument: the address holds the session token.
///
/// The child keeps the time limits it is given; this side ends it only when it overruns them (it
/// hangs), when `stopped` turns true, or when it writes more than a frame can hold. What goes
/// wrong with the child itself is a `TransportError` too (`childFailed`), so that sync retries it
/// as a lost answer.
public struct ChildProcessTransport: CloudKitTransport {
    private let child: ChildProcess
    private let connectTimeout: Double
    private let requestTimeout: Double

    /// `executable` is the program to start (this one: `/proc/self/exe` on Linux), shown as `name`.
    public init(executable: String, name: String, connectTimeout: Double = 15, requestTimeout: Double = 60) {
        child = ChildProcess(executable: executable, name: name, arguments: [TransportChild.argument])
        self.connectTimeout = connectTimeout
        self.requestTimeout = requestTimeout
    }

    /// What URLSession says of a cancelled task (NSURLErrorCancelled).
    private static let cancelled = TransportError(.other(code: -999))

    public func send(_ request: HTTPRequest) throws -> HTTPResponse {
        try send(request, until: { false })
    }

    public func send(_ request: HTTPRequest, until stopped: @Sendable () -> Bool) throws -> HTTPResponse {
        guard let input = ExchangeFrame.encode(request, connectTimeout: connectTimeout, requestTimeout: requestTimeout)
        else {
            // What URLSession says of an address it cannot read (NSURLErrorBadURL).
            throw TransportError(.other(code: -1000))
        }
        // The child's own limit ends the request first; this one is for a child that hangs.
        let deadline = DispatchTime.now() + requestTimeout + 10
        let outcome: ChildProcess.Outcome
        do {
            outcome = try child.run(
                input: input, outputLimit: ExchangeFrame.responseLimit, deadline: deadline, until: stopped)
        } catch let error as ChildProcessError {
            switch error.reason {
            case .timedOut: throw TransportError(.timedOut)
            case .stopped: throw Self.cancelled
            default: throw TransportError(.childFailed(error.description))
            }
        }
        // A whole answer counts, however the child ended after writing it.
        do {
            return try ExchangeFrame.decodeResponse(outcome.output).get()
        } catch let error as FrameError {
            // A stop may end the child first (systemd's stop signals every process of the service):
            // that is a cancelled request, as it is in this process, not a failing child.
            if stopped() { throw Self.cancelled }
            switch outcome.ending {
            case .exited(0): throw TransportError(.childFailed(error.description))
            case .exited(let code): throw TransportError(.childFailed("it exited with status \(code)"))
            case .signalled(let signal): throw TransportError(.childFailed("it was ended by signal \(signal)"))
            }
        }
    }
}
