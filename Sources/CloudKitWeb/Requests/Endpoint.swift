/// The base address of CloudKit Web Services: any `https://` address, or `http://` to this
/// machine only (a test server or a local proxy), so a token never crosses a network in clear.
public struct Endpoint: Equatable, Sendable, CustomStringConvertible {
    public static let apple = Endpoint(checked: "https://api.apple-cloudkit.com")

    /// The address without a trailing slash.
    public let base: String

    private init(checked base: String) {
        self.base = base
    }

    public init(_ text: String) throws {
        var base = text
        while base.hasSuffix("/") { base.removeLast() }
        let lowered = base.lowercased()
        let scheme: String
        if lowered.hasPrefix("https://") {
            scheme = "https://"
        } else if lowered.hasPrefix("http://") {
            scheme = "http://"
        } else {
            throw CloudKitError(.endpointInvalid(text))
        }
        let rest = base.dropFirst(scheme.count)
        let authority =
            rest.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        guard !authority.isEmpty, !authority.contains("@"), !base.contains("?"), !base.contains("#"),
            !base.contains(where: { $0.isWhitespace })
        else {
            throw CloudKitError(.endpointInvalid(text))
        }
        if scheme == "http://" && !Self.isLoopback(authority: authority) {
            throw CloudKitError(.endpointNotHTTPS(text))
        }
        self.base = base
    }

    /// `127.x.x.x`, `[::1]` or `localhost`, with or without a port.
    static func isLoopback(authority: String) -> Bool {
        let host: Substring
        if authority.hasPrefix("[") {
            host = authority.split(separator: "]", maxSplits: 1).first.map { $0.dropFirst() } ?? ""
            return host == "::1"
        }
        host = authority.split(separator: ":", maxSplits: 1).first ?? ""
        if host.lowercased() == "localhost" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127"
            && parts.allSatisfy { part in
                guard let number = Int(part), part.allSatisfy(\.isASCII) else { return false }
                return (0...255).contains(number)
            }
    }

    public var description: String { base }
}
