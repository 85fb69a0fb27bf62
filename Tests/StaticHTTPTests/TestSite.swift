import Foundation
import StaticHTTP

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A site folder in a temporary place (with a secret beside it, outside) and a server on a port
/// the system chose, stopped and removed at the end of the test: `handlers` first, then the event
/// stream and `handler` under `/_aemtli/` as `aemtli serve` has them, then the folder's files.
final class TestSite {
    let base: URL
    let folder: URL
    let server: HTTPServer
    let logLines = LogLines()

    static let index = "<!doctype html><title>Home</title><p>home page</p>\n"
    static let secret = "the secret outside the site\n"

    init(
        limits: ServerLimits = ServerLimits(), host: String = "127.0.0.1",
        handler: (@Sendable (ServerRequest) -> ServerResponse?)? = nil, handlers: [any HTTPHandler] = []
    ) throws {
        base = FileManager.default.temporaryDirectory.appendingPathComponent("static-http-\(UUID().uuidString)")
        folder = base.appendingPathComponent("site")
        let files = FileManager.default
        try files.createDirectory(at: folder.appendingPathComponent("feeds"), withIntermediateDirectories: true)
        try files.createDirectory(at: folder.appendingPathComponent("reports"), withIntermediateDirectories: true)
        try Self.index.write(to: folder.appendingPathComponent("index.html"), atomically: false, encoding: .utf8)
        let report = folder.appendingPathComponent("reports/index.html")
        try "report\n".write(to: report, atomically: false, encoding: .utf8)
        let feed = folder.appendingPathComponent("feeds/family.ics")
        try "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n".write(to: feed, atomically: false, encoding: .utf8)
        try "body{}\n".write(to: folder.appendingPathComponent("style.css"), atomically: false, encoding: .utf8)
        try "{\"files\":[]}\n".write(to: folder.appendingPathComponent(".manifest"), atomically: false, encoding: .utf8)
        try Self.secret.write(to: base.appendingPathComponent("secret.txt"), atomically: false, encoding: .utf8)
        let outside = folder.appendingPathComponent("outside.txt").path
        try files.createSymbolicLink(atPath: outside, withDestinationPath: "../secret.txt")
        try files.createSymbolicLink(atPath: folder.appendingPathComponent("up").path, withDestinationPath: "..")
        let lines = logLines
        let own = PathHandler(under: "/_aemtli") { request in
            request.path == "/_aemtli/events" ? .eventStream : handler?(request)
        }
        let site = SiteFolder(root: folder.path) { path in
            path.hasSuffix(".html") ? [HTTPHeader("Content-Security-Policy", "default-src 'self'")] : []
        }
        let configuration = ServerConfiguration(
            host: host, port: 0, limits: limits, log: { lines.append($0) },
            pathForLog: ServerConfiguration.hidingNames(below: "/feeds/", except: ["family.ics"]),
            handlers: handlers + [own, site])
        server = HTTPServer(configuration: configuration)
        try server.start()
    }

    deinit {
        server.stop(graceSeconds: 0.5)
        try? FileManager.default.removeItem(at: base)
    }

    var port: UInt16 { server.port }

    func client() throws -> RawClient {
        try RawClient(port: port)
    }

    /// One request on a new connection, as written, and its answer.
    func rawGet(_ target: String, method: String = "GET", headers: String = "") throws -> RawClient.Response? {
        let client = try RawClient(port: port)
        client.send("\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\(headers)\r\n")
        return client.response(hasBody: method != "HEAD")
    }

    /// A request through URLSession, waited for; the answer's status, fields and body.
    func fetch(
        _ path: String, method: String = "GET",
        headers: [String: String] = [:]
    ) throws -> (HTTPURLResponse, Data) {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
        request.httpMethod = method
        request.cachePolicy = .reloadIgnoringLocalCacheData
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let box = ResultBox()
        let done = DispatchSemaphore(value: 0)
        TestSite.session.dataTask(with: request) { data, response, error in
            box.set(data: data, response: response as? HTTPURLResponse, error: error)
            done.signal()
        }.resume()
        done.wait()
        guard let response = box.response else { throw box.error ?? URLError(.badServerResponse) }
        return (response, box.data ?? Data())
    }

    static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.httpMaximumConnectionsPerHost = 32
        return URLSession(configuration: configuration)
    }()

    /// Waits (without sleeping blindly) until `condition` holds, for at most `timeout` seconds.
    static func wait(_ timeout: Double = 5, until condition: () -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while !condition() {
            guard Date() < deadline else { return false }
            usleep(2_000)
        }
        return true
    }
}
