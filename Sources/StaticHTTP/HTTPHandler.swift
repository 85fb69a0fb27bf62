/// What answers some of a server's requests: an app's own paths (`PathHandler`), the site's files
/// (`SiteFolder`). The server asks its handlers in the order its configuration lists them, once it
/// has read the request and found it within its limits and checks, and sends the first answer; when
/// none answers, it answers 404. A handler runs on the connection's own thread, so one that takes
/// long (a held request, a tick that waits for iCloud) holds up that connection only.
public protocol HTTPHandler: Sendable {
    /// The answer to `request`, or nil when the request is not this handler's (the next is asked).
    func respond(to request: ServerRequest) -> ServerResponse?
}
