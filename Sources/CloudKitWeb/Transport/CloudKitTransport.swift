/// The one seam through which aemtli reaches the network: send one request, wait for its answer.
///
/// Every status comes back as a response (421 included, never re-sent behind the caller's back);
/// only a request that got no complete answer throws a `TransportError`.
public protocol CloudKitTransport: Sendable {
    func send(_ request: HTTPRequest) throws -> HTTPResponse
    /// `send`, given up (a `TransportError`) soon after `stopped` turns true: a process told to stop
    /// does not sit out a hung connection for the whole request timeout.
    func send(_ request: HTTPRequest, until stopped: @Sendable () -> Bool) throws -> HTTPResponse
}

extension CloudKitTransport {
    /// A transport that cannot give up early waits for its answer.
    public func send(_ request: HTTPRequest, until stopped: @Sendable () -> Bool) throws -> HTTPResponse {
        try send(request)
    }
}

/// Why a request got no answer. It carries no address, so no token can travel with it.
public struct TransportError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Reason: Equatable, Sendable {
        case timedOut
        case connectionLost
        case cannotConnect
        case other(code: Int)
        /// The child process a request ran in (`ChildProcessTransport`) failed, for `detail`.
        case childFailed(String)
    }

    public var reason: Reason

    public init(_ reason: Reason) {
        self.reason = reason
    }

    public var description: String {
        switch reason {
        case .timedOut: return "the request timed out"
        case .connectionLost: return "the connection was dropped before the answer was complete"
        case .cannotConnect: return "the server could not be reached"
        case .other(let code): return "the request failed (URL error \(code))"
        case .childFailed(let detail): return "the request's child process failed: \(detail)"
        }
    }
}
