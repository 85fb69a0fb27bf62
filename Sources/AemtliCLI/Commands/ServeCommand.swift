import AemtliSite
import Files
import Foundation
import StaticHTTP

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
        let environment = invocation.environment
        // Read once here, and by the loop again only when the file changes.
        let served = ServedConfiguration(flags: invocation.settingsFlags, environment: environment)
        let configuration = try served.configuration().configuration
        let text = invocation.arguments.value(listen)
        guard let address = text.map(ListenAddress.init) ?? ListenAddress.standard else {
            throw CLIError(.invalidListenAddress(text ?? ""), path: invocation.path)
        }
        // Checked now, so that a wrong flag stops serve before it listens; the configuration's value
        // is read again before every sync.
        let every = try invocation.number(syncEvery, in: 15...86_400)
        let household = try served.current().household
        // The clock, read once for the start: the first build's time.
        let now = environment.clock()
        let settings = household.settings(at: household.now(clock: now))
        let name = settings.out
        let folder = environment.resolve(name)
        let control = ServeControl()
        // A sync waiting to retry (minutes while iCloud is down) gives way to SIGTERM: the loop's
        // syncs and the ticks' both, since both take their environment from this invocation.
        if invocation.environment.sleep == nil { invocation.environment.sleep = { control.pause($0) } }
        invocation.environment.syncStopped = { control.isStopping }
        let start = ServeStartSettings(
            out: name, folder: folder, ticks: configuration.ticks == true, hostNames: configuration.serveHostNames ?? []
        )
        let loop = ServeLoop(
            environment: invocation.environment, served: served, start: start, control: control, syncEvery: every,
            cloudKitFlags: try invocation.cloudKitFlags())
        AbandonedTemporaries.remove(in: folder.path, files: environment.files)
        try environment.files.makeFolders(folder.path)
        // Before the first build: from here on, a `build` into the folder asks this serve instead.
        let marker = try ServeMarker.claim(folder: folder.path, shown: name)
        defer { marker?.release() }
        loop.marker = marker
        loop.build(at: now)

        var serverConfiguration = ServerConfiguration(siteFolder: folder.path, host: address.host, port: address.port)
        serverConfiguration.extraHostNames = start.hostNames
        // Private feed names are secrets: the log and the event stream show every feed as `/feeds/…`,
        // whatever the configuration says now, since it may turn private feeds on while serve runs
        // (and no page follows a feed's changes).
        serverConfiguration.pathForLog = ServerConfiguration.hidingNames(below: "/feeds/")
        if invocation.arguments.isSet(log) {
            let output = RequestLog(output: environment.standardOutput)
            serverConfiguration.log = { line in output.write(line) }
        }
        if start.ticks {
            let endpoints = TickEndpoints(
                environment: invocation.environment, loop: loop,
                folder: try TickStateFolder.standard(environment: environment.variables),
                words: settings.words)
            serverConfiguration.handler = { endpoints.handle($0) }
        }
        serverConfiguration.extraHeaders = pageHeaders
        let server = StaticFileServer(configuration: serverConfiguration)
        do {
            try server.start()
        } catch {
            throw ServeError.listening(at: text ?? "127.0.0.1:8080", failedWith: error)
        }
        loop.server = server
        control.listening(on: server.port)
        marker?.announce(ListenAddress(host: address.host, port: server.port), ticks: start.ticks)
        let hosts = ServeAddresses.hosts(for: address, network: environment.network())
        startLines(
            out: name, address: address, port: server.port, hosts: hosts, origins: configuration.origins ?? [],
            ticks: start.ticks, place: invocation.configurationPlace.shown
        ).forEach { invocation.print($0) }
        if !address.isLoopback {
            invocation.diagnose(
                .notice, "listening on \(address.host): anyone on that network can read the family's pages.")
        }
        let base = address.url(port: server.port)
        if let warning = unservedBaseURL(settings.siteOptions.baseURL, serving: base, invocation: invocation) {
            invocation.diagnose(.warning, warning)
        }
        let signals = environment.handlesInterrupts ? SignalHandlers(control) : nil
        SystemdNotifier.notify("READY=1", variables: environment.variables)
        environment.serveStarted(control)
        loop.run()
        server.stop(graceSeconds: 2)
        signals?.remove()
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

    /// The headers of a served file beyond the server's own, from its path alone: every page
    /// (the build writes pages as `.html` only) gets the one policy all pages carry; feeds, styles
    /// and the rest get none. Never read out of the file, whose bytes record text has shaped.
    @Sendable static func pageHeaders(_ path: String) -> [HTTPHeader] {
        guard path.lowercased().hasSuffix(".html") else { return [] }
        return [HTTPHeader("Content-Security-Policy", PageScript.headerPolicy)]
    }
}
