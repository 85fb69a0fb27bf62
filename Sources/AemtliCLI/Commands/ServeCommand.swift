import AemtliApp
import Foundation

/// `aemtli serve` (SPEC §9): sync, build and a web server in one long-running process, so the
/// kitchen wall shows a tick within seconds. The output stays the plain files `build` writes.
enum ServeCommand {
    static let listen = OptionSpec(
        "listen", value: "host:port",
        help: "Where to listen (default: 127.0.0.1:8080); 0.0.0.0:8080 or a LAN address reaches a tablet.")
    static let syncEvery = OptionSpec(
        "sync-every", value: "seconds",
        help: "How often to sync with a session (default: config, else 60; at least 15).")
    static let log = OptionSpec("log", help: "Print one line per request (private feed names hidden).")

    static let spec = CommandSpec(
        "serve", abstract: "Keep the family site current and serve it; open pages update by themselves.",
        discussion: """
            Builds the site into --out, serves that folder over HTTP, and keeps it current: with a session \
            ('aemtli sync login') it syncs every --sync-every seconds, and it builds again after a sync, when \
            the configuration or a template changes, and when a chore comes due or the day changes. Open \
            pages reload themselves when their file changed. SIGTERM or Ctrl-C stops it (exit 0); SIGHUP \
            reads the configuration again (out, ticks and serveHostNames only at a start). Exit 69: the \
            address cannot be had.
            """,
        // No --now: serve reads the clock, since it builds as time goes on.
        options: [.store, BuildCommand.out, .templates, .lang, .baseURL, listen, syncEvery, log]
            + OptionSpec.cloudKitOptions.filter { $0.name != OptionSpec.now.name },
        subcommands: [ServePairCommand.spec, ServePinCommand.spec, ServeDevicesCommand.spec],
        handler: run)

    static func run(_ invocation: inout Invocation) throws -> ExitCode {
        let serve = try Serve(flags: invocation.settingsFlags, environment: invocation.environment)
        let text = invocation.arguments.value(listen)
        guard let address = text.map(ListenAddress.init) ?? ListenAddress.standard else {
            throw CLIError(.invalidListenAddress(text ?? ""), path: invocation.path)
        }
        // Checked now, so that a wrong flag stops serve before it listens; the configuration's value
        // is read again before every sync.
        var options = Serve.Options(
            listen: address, listenText: text ?? "127.0.0.1:8080",
            syncEvery: try invocation.number(syncEvery, in: 15...86_400))
        options.cloudKitFlags = try invocation.cloudKitFlags()
        options.log = invocation.arguments.isSet(log)
        let name = try serve.run(options) { [invocation] started in
            let configuration = started.household.configuration
            startLines(
                out: started.out, address: address, port: started.port, hosts: started.hosts,
                origins: configuration.origins ?? [], ticks: configuration.ticks == true,
                place: invocation.configurationPlace.shown
            ).forEach { invocation.print($0) }
            if !address.isLoopback {
                invocation.diagnose(
                    .notice, "listening on \(address.host): anyone on that network can read the family's pages.")
            }
            let base = address.url(port: started.port)
            if let warning = unservedBaseURL(started.household.baseURL, serving: base, invocation: invocation) {
                invocation.diagnose(.warning, warning)
            }
        }
        invocation.print("Stopped serving \(name).")
        return .success
    }

    /// The warning for a base URL with a path: serve serves the site from `/`, so the pages' absolute
    /// calendar links (`https://home.example/chores/feeds/…`) would ask it for `/chores/feeds/…`,
    /// which it does not have, unless a proxy in front strips the path; said once, at the start.
    static func unservedBaseURL(_ baseURL: String?, serving base: String, invocation: Invocation) -> String? {
        guard let baseURL, let path = URL(string: baseURL)?.path, !path.isEmpty, path != "/" else { return nil }
        let place =
            invocation.arguments.value(.baseURL) != nil
            ? "--base-url" : "\(invocation.configurationPlace.shown)'s baseURL"
        return
            "\(place) \(baseURL) has the path \(path), which serve does not serve: it serves the site at \(base), so "
            + "the pages' calendar links would not be found; give the address serve is reached at, without a path."
    }

    /// What serve says once it listens: where another device opens the wall and the dashboard (a
    /// proxy's public `origins` first), or that none can, whether ticks are on, and how to stop it.
    static func startLines(
        out: String, address: ListenAddress, port: UInt16, hosts: [String], origins: [String], ticks: Bool,
        place: String
    ) -> [String] {
        let bases = ServeAddresses.bases(origins: origins, hosts: hosts, port: port)
        var lines: [String]
        if hosts.isEmpty {
            let base = address.url(port: port)
            let through = "a tablet or phone opens the wall and the dashboard through \(place)'s origins:"
            let reach =
                address.isLoopback
                ? (origins.isEmpty
                    ? "on this machine only: a tablet cannot reach it; --listen 0.0.0.0:\(port) lets it."
                    : "on this machine only; \(through)")
                : "but this machine has no network address besides loopback"
                    + (origins.isEmpty ? ": a tablet cannot reach it yet." : "; \(through)")
            lines = ["Serving \(out) at \(base) (the wall: \(base)wall.html), \(reach)"]
        } else {
            lines = [
                "Serving \(out) on port \(port); a tablet or phone on this network opens the wall and the dashboard at:"
            ]
        }
        lines += bases.map { "  \($0)wall.html and \($0)" }
        lines.append(
            ticks
                ? "Ticks are on: pair each tablet with 'aemtli serve pair --name NAME' (the page to enter its code is /_aemtli/pair)."
                : "Ticks are off: the wall shows no Done buttons (\"ticks\": true in \(place) turns them on).")
        lines.append("Stop with Ctrl-C.")
        return lines
    }
}
