/// The bounds that make a slow, greedy or hostile client harmless. Times are in seconds; the
/// defaults are SPEC §9's, and tests shrink them to stay quick.
public struct ServerLimits: Sendable {
    /// Bytes of a request head (request line and fields); beyond, 431.
    public var headBytes = 16 * 1024
    /// Open connections, event streams included; beyond, 503.
    public var connections = 256
    /// From a connection's first byte (or its opening) to the end of its head.
    public var headSeconds = 10.0
    /// How long a kept-alive connection may wait for its next request, and a send for the client.
    public var idleSeconds = 60.0
    /// Requests answered on one connection; the last answer closes it. 1 closes every answer's
    /// connection, so that a client never sends a request again on a reused connection that a
    /// handler then dropped.
    public var requestsPerConnection = Int.max
    /// Open event streams; beyond, 503.
    public var eventStreams = 64
    /// Between two heartbeat comments on an event stream.
    public var heartbeatSeconds = 15.0
    /// Bytes of a request body handed to a handler; beyond, 413.
    public var bodyBytes = 4 * 1024
    /// After a refusal, how long and how much of what the client still sends is read and dropped,
    /// so that closing does not reset the connection before the client has read the answer.
    public var drainSeconds = 1.0
    public var drainBytes = 64 * 1024

    public init() {}
}
