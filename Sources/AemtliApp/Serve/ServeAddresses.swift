/// Where another device can open what `serve` serves: the hosts of the URLs `serve` prints for the
/// wall and the dashboard, and `serve pair` for the pairing page. Each is one the server answers,
/// both on the socket and in its Host check (`HostNames`).
///
/// - On all addresses (`0.0.0.0`, `::`): each interface address the socket takes (IPv4 for
///   `0.0.0.0`; IPv4 and IPv6 for `::`, which Linux and macOS open to both), then the host name,
///   then that name with `.local` when it resolves here (mDNS) to one of those addresses.
/// - On one address: that address, and a host name that resolves here to it.
/// - On loopback: none, since no other device can reach it.
///
/// Loopback addresses and IPv6 link-local ones (`fe80::`, which a browser opens only with the
/// interface's name) are left out; the bare host name needs no lookup, since the tablet asks the
/// home network's DNS, which this machine cannot ask on its behalf.
public enum ServeAddresses {
    /// The hosts as a URL writes them (an IPv6 literal in brackets), best first.
    public static func hosts(for listen: ListenAddress, network: MachineNetwork) -> [String] {
        guard !listen.isLoopback else { return [] }
        let literal = listen.host.lowercased()
        let all = literal == "0.0.0.0" || literal == "::"
        let addresses =
            all
            ? network.addresses.filter { reachable($0) && (literal == "::" || !$0.contains(":")) }
            : [literal]
        var names: [String] = []
        if let name = network.hostName, name != "localhost", !name.isEmpty {
            let local = name.hasSuffix(".local") ? name : name + ".local"
            if all, name != local { names.append(name) }
            for candidate in [name, local] where !names.contains(candidate) {
                if network.resolve(candidate).contains(where: addresses.contains) { names.append(candidate) }
            }
        }
        return addresses.map { $0.contains(":") ? "[\($0)]" : $0 } + names
    }

    /// The site's address (ending in `/`) at each of the configuration's `origins` (the public
    /// ones of a proxy in front, first: the address meant for devices), then on each host.
    public static func bases(origins: [String], hosts: [String], port: UInt16) -> [String] {
        origins.map { $0.hasSuffix("/") ? $0 : $0 + "/" } + hosts.map { "http://\($0):\(port)/" }
    }

    /// Whether another device can open the address: not loopback, not IPv6 link-local.
    private static func reachable(_ address: String) -> Bool {
        let lower = address.lowercased()
        if lower == "::1" || lower.hasPrefix("127.") || lower == "::" || lower == "0.0.0.0" { return false }
        return !["fe8", "fe9", "fea", "feb"].contains { lower.hasPrefix($0) }
    }
}
