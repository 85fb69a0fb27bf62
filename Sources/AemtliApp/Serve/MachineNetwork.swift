import Foundation
import StaticHTTP

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `serve` knows of the machine's network when it says where a tablet can open the site: the
/// interfaces' addresses, the host name, and what a name resolves to here. Tests pass their own
/// (`CommandEnvironment.network`), so that what serve prints does not depend on the machine.
public struct MachineNetwork: Sendable {
    /// The interfaces' addresses as text, loopback and link-local ones included, in the system's order.
    public var addresses: [String]
    public var hostName: String?
    /// The addresses a name resolves to on this machine; none when it does not (soon enough).
    public var resolve: @Sendable (String) -> [String]

    public init(addresses: [String], hostName: String?, resolve: @escaping @Sendable (String) -> [String]) {
        self.addresses = addresses
        self.hostName = hostName
        self.resolve = resolve
    }

    /// The machine's own, read now: the same addresses and name the server's Host check allows.
    public static func live() -> MachineNetwork {
        MachineNetwork(
            addresses: HostNames.machineAddressList(), hostName: HostNames.machineName(),
            resolve: { lookUp($0, within: lookupSeconds) })
    }

    /// How long serve's start waits for a name: an mDNS lookup nobody answers takes seconds, and the
    /// start should not, while one that works answers within milliseconds on a home network.
    static let lookupSeconds = 1.0

    /// The addresses `name` resolves to (`getaddrinfo`: the hosts file, DNS, and mDNS where the system
    /// has it), or none when that takes longer than `seconds`. A lookup cannot be cancelled, so it
    /// runs on a thread of its own that is left to finish by itself.
    static func lookUp(_ name: String, within seconds: Double) -> [String] {
        let answer = LookupAnswer()
        Thread.detachNewThread {
            answer.finish(addresses(of: name))
        }
        return answer.wait(seconds: seconds)
    }

    private static func addresses(of name: String) -> [String] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var first: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(name, nil, &hints, &first) == 0 else { return [] }
        defer { freeaddrinfo(first) }
        var result: [String] = []
        var entry = first
        while let current = entry {
            defer { entry = current.pointee.ai_next }
            guard let address = current.pointee.ai_addr, let found = HostNames.text(of: address) else { continue }
            if !result.contains(found) { result.append(found) }
        }
        return result
    }
}

/// One lookup's answer, handed from the thread that makes it to the one waiting for it.
private final class LookupAnswer: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var addresses: [String] = []

    // lock()/unlock(), not withLock: macOS has that only from 14 on.
    func finish(_ found: [String]) {
        lock.lock()
        addresses = found
        lock.unlock()
        done.signal()
    }

    func wait(seconds: Double) -> [String] {
        guard done.wait(timeout: .now() + seconds) == .success else { return [] }
        lock.lock()
        defer { lock.unlock() }
        return addresses
    }
}
