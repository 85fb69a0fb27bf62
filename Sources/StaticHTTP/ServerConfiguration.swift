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

    // The hooks from before handlers, kept until `aemtli serve` registers its own handlers: a
    // folder's files after `handlers`, `/_aemtli/events` and `handler` under `/_aemtli/`.
    public var siteFolder: String?
    public var extraHeaders: @Sendable (_ path: String) -> [HTTPHeader] = { _ in [] }
    public var handler: (@Sendable (ServerRequest) -> ServerResponse?)?

    public init(
        siteFolder: String, host: String = "127.0.0.1", port: UInt16 = 8080, extraHostNames: [String] = [],
        limits: ServerLimits = ServerLimits(), log: (@Sendable (String) -> Void)? = nil,
        pathForLog: @escaping @Sendable (String) -> String = { $0 },
        extraHeaders: @escaping @Sendable (String) -> [HTTPHeader] = { _ in [] },
        handler: (@Sendable (ServerRequest) -> ServerResponse?)? = nil
    ) {
        self.init(
            host: host, port: port, extraHostNames: extraHostNames, limits: limits, log: log, pathForLog: pathForLog)
        self.siteFolder = siteFolder
        self.extraHeaders = extraHeaders
        self.handler = handler
    }

    /// `handlers`, and after them the ones the hooks from before handlers stand for.
    var allHandlers: [any HTTPHandler] {
        guard let siteFolder else { return handlers }
        let handler = handler
        return handlers + [
            PathHandler(under: "/_aemtli") { request in
                request.path == "/_aemtli/events" ? .eventStream : handler?(request)
            },
            SiteFolder(root: siteFolder, headers: extraHeaders),
        ]
    }

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
