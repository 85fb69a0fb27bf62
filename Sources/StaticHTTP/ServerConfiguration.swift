/// What an `HTTPServer` answers with, where, to whom and within which limits.
public struct ServerConfiguration: Sendable {
    /// An IPv4 or IPv6 literal (`127.0.0.1`, `::1`, `[::1]`, `0.0.0.0`, `::`) or `localhost`.
    public var host: String
    /// 0 lets the system choose; `HTTPServer.port` tells which.
    public var port: UInt16
    /// Host names accepted besides the listen address's own (SPEC §9's `serveHostNames`).
    public var extraHostNames: [String]
    public var limits: ServerLimits
    /// Receives one line per request: method, path as `pathForLog` shows it, status, bytes, client.
    public var log: (@Sendable (String) -> Void)?
    /// A path as it may appear in the log and in the event stream's lists; private names hidden.
    public var pathForLog: @Sendable (String) -> String
    /// Asked in this order; the first answer is sent, and none is 404. The site's files
    /// (`SiteFolder`), which answer every GET, come last.
    public var handlers: [any HTTPHandler]

    public init(
        host: String = "127.0.0.1", port: UInt16 = 8080, extraHostNames: [String] = [],
        limits: ServerLimits = ServerLimits(), log: (@Sendable (String) -> Void)? = nil,
        pathForLog: @escaping @Sendable (String) -> String = { $0 }, handlers: [any HTTPHandler] = []
    ) {
        self.host = host
        self.port = port
        self.extraHostNames = extraHostNames
        self.limits = limits
        self.log = log
        self.pathForLog = pathForLog
        self.handlers = handlers
    }

    /// A `pathForLog` that shows every name below `folder` (like `/feeds/`) as `…`, whatever
    /// follows it, except the names in `shown`: `/feeds/x7f3.ics` becomes `/feeds/…`.
    public static func hidingNames(
        below folder: String,
        except shown: Set<String> = []
    ) -> @Sendable (String) -> String {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return { path in
            guard path.hasPrefix(prefix), path.count > prefix.count else { return path }
            return shown.contains(String(path.dropFirst(prefix.count))) ? path : prefix + "…"
        }
    }
}
