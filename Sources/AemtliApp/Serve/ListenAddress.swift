/// Where `aemtli serve` listens: `HOST:PORT`, with an IPv6 host in brackets (`[::1]:8080`).
public struct ListenAddress: Equatable, Sendable {
    public let host: String
    public let port: UInt16

    public static let standard = ListenAddress(host: "127.0.0.1", port: 8080)

    public init(host: String, port: UInt16) {
        self.host = host
        self.port = port
    }

    /// Nil for anything that is not `HOST:PORT` with a port from 0 to 65 535 (0: the system picks).
    public init?(_ text: String) {
        let host: Substring
        let port: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]"), text[text.index(after: close)...].hasPrefix(":") else {
                return nil
            }
            host = text[text.index(after: text.startIndex)..<close]
            port = text[text.index(close, offsetBy: 2)...]
        } else {
            guard let colon = text.lastIndex(of: ":"), !text[..<colon].contains(":") else { return nil }
            host = text[..<colon]
            port = text[text.index(after: colon)...]
        }
        guard !host.isEmpty, !port.isEmpty, port.allSatisfy(\.isASCII), let number = UInt16(port) else { return nil }
        self.init(host: String(host), port: number)
    }

    /// Whether only this machine can reach it.
    public var isLoopback: Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    /// The address as a browser writes it, with `port` (the one the system picked, for 0).
    public func url(port: UInt16) -> String {
        let shown = host == "0.0.0.0" || host == "::" ? "localhost" : host.contains(":") ? "[\(host)]" : host
        return "http://\(shown):\(port)/"
    }
}
