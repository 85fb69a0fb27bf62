/// The child's side of `ChildProcessTransport`: one request in, its answer out.
public enum TransportChild {
    /// The program's only argument when it runs as the child (`aemtli --cloudkit-request`).
    public static let argument = "--cloudkit-request"
    /// The answer frame to the request frame `input`, sent through `URLSessionTransport` with the
    /// frame's time limits; throws a `FrameError` when `input` is no request frame.
    public static func answer(_ input: [UInt8]) throws -> [UInt8] {
        let (request, connectTimeout, requestTimeout) = try ExchangeFrame.decodeRequest(input)
        let transport = URLSessionTransport(connectTimeout: connectTimeout, requestTimeout: requestTimeout)
        // Never torn down: tearing a URLSession down is where FoundationNetworking has crashed, and
        // the process ends as soon as the answer is out (`TransportChildCommand`).
        _ = Unmanaged.passRetained(transport)
        let outcome = Result { try transport.send(request) }
            .mapError { $0 as? TransportError ?? TransportError(.connectionLost) }
        return ExchangeFrame.encode(outcome)
    }
}
