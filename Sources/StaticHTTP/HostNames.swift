import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The names a request's Host may carry (SPEC §9, against DNS rebinding): the listen address, or
/// every address of the machine when listening on all of them; `localhost` when loopback is
/// reachable; the machine's host name and that name with `.local`; and the caller's extra names.
/// A miss on an address literal while listening on all addresses reads the machine's addresses
/// again (at most every few seconds), since a lease can change them while the server runs.
public final class HostNames: @unchecked Sendable {
    private let listenAll: Bool
    private var names: Set<String>
    private var lastRefresh: Double
    private let fixed: Set<String>
    private let lock = NSLock()

    init(listenHost: String, extra: [String]) {
        let literal = Self.normalized(listenHost)
        listenAll = literal == "0.0.0.0" || literal == "::"
        var fixed = Set(extra.map(Self.normalized))
        if !listenAll { fixed.insert(literal) }
        if listenAll || literal == "localhost" || literal.hasPrefix("127.") || literal == "::1" {
            fixed.formUnion(["localhost", "127.0.0.1", "::1"])
        }
        if let host = Self.machineName() {
            fixed.insert(host)
            if !host.hasSuffix(".local") { fixed.insert(host + ".local") }
        }
        self.fixed = fixed
        names = fixed.union(listenAll ? Self.machineAddresses() : [])
        lastRefresh = Self.now()
    }

    /// Whether `host` (a Host field's value, port and all) names this server.
    func allows(_ host: String) -> Bool {
        let name = Self.normalized(Self.withoutPort(host))
        guard !name.isEmpty else { return false }
        if fixed.contains(name) { return true }
        lock.lock()
        defer { lock.unlock() }
        if names.contains(name) { return true }
        guard listenAll, name.first?.isHexDigit == true || name.contains(":"), Self.now() - lastRefresh > 5 else {
            return false
        }
        lastRefresh = Self.now()
        names = fixed.union(Self.machineAddresses())
        return names.contains(name)
    }

    /// `example.org:8080` → `example.org`, `[::1]:8080` → `::1`; an unbracketed IPv6 literal stays.
    static func withoutPort(_ host: String) -> String {
        if host.hasPrefix("["), let close = host.firstIndex(of: "]") {
            return String(host[host.index(after: host.startIndex)..<close])
        }
        if let colon = host.firstIndex(of: ":"), host.lastIndex(of: ":") == colon {
            return String(host[..<colon])
        }
        return host
    }

    /// Lower case, without brackets, a trailing dot or an IPv6 zone.
    public static func normalized(_ name: String) -> String {
        var name = name.lowercased()
        if name.hasPrefix("[") && name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        if name.hasSuffix(".") { name.removeLast() }
        if let zone = name.firstIndex(of: "%") { name = String(name[..<zone]) }
        return name
    }

    /// The machine's host name (`gethostname`), normalized; nil when it has none.
    public static func machineName() -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return nil }
        let name = normalized(String(cString: buffer))
        return name.isEmpty ? nil : name
    }

    /// Every IPv4 and IPv6 address of the machine's interfaces, as text.
    private static func machineAddresses() -> Set<String> {
        Set(machineAddressList())
    }

    /// The machine's interface addresses as text, in the system's order (its first interfaces first),
    /// each once: what `serve` prints for a tablet, in an order a person recognizes.
    public static func machineAddressList() -> [String] {
        var first: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&first) == 0 else { return [] }
        defer { freeifaddrs(first) }
        var result: [String] = []
        var entry = first
        while let current = entry {
            defer { entry = current.pointee.ifa_next }
            guard let address = current.pointee.ifa_addr, let found = text(of: address) else { continue }
            if !result.contains(found) { result.append(found) }
        }
        return result
    }

    /// An IPv4 or IPv6 socket address as text, normalized; nil for another family.
    public static func text(of address: UnsafeMutablePointer<sockaddr>) -> String? {
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            var raw = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
            guard inet_ntop(AF_INET, &raw, &text, socklen_t(text.count)) != nil else { return nil }
        case AF_INET6:
            var raw = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr }
            guard inet_ntop(AF_INET6, &raw, &text, socklen_t(text.count)) != nil else { return nil }
        default:
            return nil
        }
        return normalized(String(cString: text))
    }

    private static func now() -> Double {
        Date().timeIntervalSince1970
    }
}
