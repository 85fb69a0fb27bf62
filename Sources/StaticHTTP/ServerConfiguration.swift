/// What a `StaticFileServer` serves, where, to whom, within which limits, and the caller's hooks.
public struct ServerConfiguration: Sendable {
    /// The folder whose files are served (opened by this path on every request, so a build may
    /// replace it).
    public var siteFolder: String
    /// An IPv4 or IPv6 literal (`127.0.0.1`, `::1`, `[::1]`, `0.0.0.0`, `::`) or `localhost`.
    public var host: String
    /// 0 lets the system choose; `StaticFileServer.port` tells which.
    public var port: UInt16
    /// Host names accepted besides the listen address's own (SPEC §9's `serveHostNames`).
    public var extraHostNames: [String]
    public var limits: ServerLimits
    /// Receives one line per request: method, path as `pathForLog` shows it, status, bytes, client.
    public var log: (@Sendable (String) -> Void)?
    /// A path as it may appear in the log and in the event stream's lists; private names hidden.
    public var pathForLog: @Sendable (String) -> String
    /// Headers added to every answer of a file (a page's Content-Security-Policy), asked once per
    /// version with the served path alone: a header is made from what the caller knows of that
    /// path, never from the file's bytes, which record text (a chore's title) may have shaped.
    public var extraHeaders: @Sendable (_ path: String) -> [HTTPHeader]
    /// Answers requests under `/_aemtli/` other than the event stream; nil (or a nil answer) is 404.
    public var handler: (@Sendable (ServerRequest) -> ServerResponse?)?

    public init(
        siteFolder: String, host: String = "127.0.0.1", port: UInt16 = 8080, extraHostNames: [String] = [],
        limits: ServerLimits = ServerLimits(), log: (@Sendable (String) -> Void)? = nil,
        pathForLog: @escaping @Sendable (String) -> String = { $0 },
        extraHeaders: @escaping @Sendable (String) -> [HTTPHeader] = { _ in [] },
        handler: (@Sendable (ServerRequest) -> ServerResponse?)? = nil
    ) {
        self.siteFolder = siteFolder
        self.host = host
        self.port = port
        self.extraHostNames = extraHostNames
        self.limits = limits
        self.log = log
        self.pathForLog = pathForLog
        self.extraHeaders = extraHeaders
        self.handler = handler
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
