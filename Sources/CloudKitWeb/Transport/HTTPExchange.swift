/// One HTTP request as CloudKit Web Services receive it. Its address may hold the session token,
/// so its description names only the method and the operation's path, never the query.
public struct HTTPRequest: Sendable, CustomStringConvertible {
    public enum Method: String, Sendable {
        case get = "GET"
        case post = "POST"
    }

    public var method: Method
    /// The whole address, query included (`ckAPIToken`, `ckWebAuthToken`).
    public var url: String
    public var headers: [(name: String, value: String)]
    /// nil for GET requests, which carry no body at all.
    public var body: [UInt8]?

    public init(method: Method, url: String, headers: [(name: String, value: String)], body: [UInt8]?) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }

    /// The address without its query: safe for messages.
    public var pathOnly: String {
        url.split(separator: "?", maxSplits: 1).first.map(String.init) ?? ""
    }

    public var description: String { "\(method.rawValue) \(pathOnly)" }
}

/// The status, headers and body of one HTTP response, whatever the status.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    public init(status: Int, headers: [(name: String, value: String)], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The value of the header `name`, compared without regard to case (HTTP header names are).
    public func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name.lowercased() == wanted }?.value
    }

    public var isSuccess: Bool { (200..<300).contains(status) }
}
