import StaticHTTP

/// `aemtli serve` cannot start: its folder is another serve's, or it cannot listen where asked.
public struct ServeError: Error, Equatable {
    public enum Reason: Equatable {
        /// Another running `serve` (of this pid, when known) serves the folder: both would write it.
        case folderServed(path: String, pid: Int32?)
        /// `detail` says why, as a clause.
        case cannotListen(address: String, detail: String)
        /// Something already listens there: most often a serve started before.
        case addressInUse(address: String)
    }

    public var reason: Reason

    public init(_ reason: Reason) {
        self.reason = reason
    }

    /// The error for a server that would not start at `address` (as the user wrote it): the
    /// server's sentences end in a full stop and name the address again, so they are turned into
    /// clauses of this one.
    static func listening(at address: String, failedWith error: Error) -> ServeError {
        switch (error as? HTTPError)?.reason {
        case .addressInUse?:
            return ServeError(.addressInUse(address: address))
        case .listenFailed(_, let detail)?:
            return ServeError(.cannotListen(address: address, detail: "the system says \"\(detail)\""))
        case .listenAddressInvalid?:
            return ServeError(
                .cannotListen(address: address, detail: "the host is not an IPv4 or IPv6 address or localhost"))
        default:
            let sentence = "\(error)"
            return ServeError(
                .cannotListen(
                    address: address, detail: sentence.hasSuffix(".") ? String(sentence.dropLast()) : sentence))
        }
    }

    public var message: String {
        switch reason {
        case .cannotListen(let address, let detail):
            return "cannot serve at \(address): \(detail); pass another --listen HOST:PORT."
        case .addressInUse(let address):
            return
                "cannot serve at \(address) because something already listens there, perhaps an 'aemtli serve' started before; stop it or pass another --listen HOST:PORT."
        case .folderServed(let path, let pid):
            return
                "aemtli serve\(pid.map { " (pid \($0))" } ?? "") already serves '\(path)'; stop it first, or pass another --out."
        }
    }
}
