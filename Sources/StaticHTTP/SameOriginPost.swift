import Foundation

/// What every write to the server's own paths must be: a POST of JSON from one of the site's own
/// pages (aemtli's ticks, SPEC §10). The `Origin` must be this server's own (the `Host` the server already checked against
/// its names), and `Sec-Fetch-Site`, where the browser sends it, `same-origin`; there is no CORS,
/// so no other site's page can make a device tick.
public enum SameOriginPost {
    /// The status to refuse the request with, or nil when it may be read. `origins` are the public
    /// origins of a reverse proxy in front of the server (`https://chores.example`), accepted as
    /// well as the server's own.
    public static func refusal(_ request: ServerRequest, origins: [String] = []) -> Int? {
        guard request.method == "POST" else { return 405 }
        guard let host = request.value(of: "Host"), let origin = request.value(of: "Origin"),
            origin == "http://" + host || origins.contains(origin)
        else { return 403 }
        if let site = request.value(of: "Sec-Fetch-Site"), site != "same-origin" { return 403 }
        let type = request.value(of: "Content-Type")?.lowercased() ?? ""
        guard type == "application/json" || type.hasPrefix("application/json;") else { return 415 }
        return nil
    }

    /// Whether the page that sent the request came over HTTPS (through a proxy that serves it so):
    /// a cookie set for it may then be `Secure`.
    public static func cameOverHTTPS(_ request: ServerRequest) -> Bool {
        request.value(of: "Origin")?.hasPrefix("https://") == true
    }

    /// The value of the cookie `name`, from the request's `Cookie` header.
    public static func cookie(_ name: String, in request: ServerRequest) -> String? {
        for part in (request.value(of: "Cookie") ?? "").split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1)
            if pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces) == name {
                return pair[1].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }
}
