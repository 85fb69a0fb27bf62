/// The connection of a request whose handler took it over (`ServerResponse.takeOver`): the request
/// has been read whole, what goes out on the connection from here is the handler's alone (nothing
/// at all, half an answer, an answer after a wait), and the server closes it when the handler
/// returns. What a test's stand-in for another service needs to behave like a broken network.
public struct TakenConnection: Sendable {
    let descriptor: Int32
    /// Readable once the server stops.
    let wake: Int32

    /// Sends `bytes` as they are; false when the client has gone or stopped reading for longer
    /// than the server's idle limit.
    public func send(_ bytes: [UInt8]) -> Bool {
        Socket.send(descriptor, bytes)
    }

    /// Waits until the client sends more or leaves (true), or `seconds` pass or the server stops
    /// (false).
    public func waitForClient(seconds: Double) -> Bool {
        let milliseconds = Int((max(0, seconds) * 1000).rounded(.up))
        return Socket.wait(for: descriptor, wake: wake, milliseconds: milliseconds) == .readable
    }

    /// The head of an answer whose body of `contentLength` bytes the handler sends itself (after
    /// a wait, or cut short), with the server's status text; the connection closes after it.
    public static func head(status: Int, headers: [HTTPHeader], contentLength: Int) -> [UInt8] {
        var head = "HTTP/1.1 \(status) \(Connection.statusText(status))\r\nContent-Length: \(contentLength)\r\n"
        head += "Connection: close\r\n"
        for header in headers { head += "\(header.name): \(header.value)\r\n" }
        return Array((head + "\r\n").utf8)
    }
}
