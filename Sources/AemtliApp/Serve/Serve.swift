import AemtliSite
import CloudKitWeb
import Files
import Foundation
import StaticHTTP

/// `aemtli serve` (SPEC §9) as the application runs it: sync, build and a web server in one
/// long-running process, so the kitchen wall shows a tick within seconds. The output stays the
/// plain files `build` writes. Made in two steps, so that a configuration that does not read is
/// said before the command line's own checks (`init`), and then run until stopped (`run`).
public final class Serve {
    /// What serve needs beyond the household: where to listen, how often to sync, what to log.
    public struct Options {
        public var listen: ListenAddress
        /// `--listen` as the user wrote it, for the error when it cannot be had.
        public var listenText: String
        /// `--sync-every`, which wins over the configuration's `syncEverySeconds`.
        public var syncEvery: Int?
        /// The command line's `cloudkit` settings, over the configuration's.
        public var cloudKitFlags = CloudKitConfiguration()
        /// One line per request on standard output (`--log`).
        public var log = false

        public init(listen: ListenAddress, listenText: String, syncEvery: Int?) {
            self.listen = listen
            self.listenText = listenText
            self.syncEvery = syncEvery
        }
    }

    /// What the command line says once serve listens: where, with which settings.
    public struct Started {
        public var out: String
        public var listen: ListenAddress
        /// The port it listens on (the one the system picked, for 0).
        public var port: UInt16
        /// Where another device can open it (`ServeAddresses`).
        public var hosts: [String]
        public var household: Household
    }

    private var environment: CommandEnvironment
    private let served: ServedConfiguration

    /// Reads the configuration once: one that does not read stops serve before anything else.
    public init(flags: SettingsFlags, environment: CommandEnvironment) throws {
        self.environment = environment
        served = ServedConfiguration(flags: flags, environment: environment)
        _ = try served.configuration()
    }

    /// Builds the site into the household's output folder, serves it and keeps it current until
    /// stopped (SIGTERM, SIGINT or `ServeControl.stop`); `started` is told once it listens.
    /// Returns the folder's name as the user gave it.
    public func run(_ options: Options, started: (Started) -> Void) throws -> String {
        let household = try served.current().household
        // The clock, read once for the start: the first build's time.
        let now = environment.clock()
        let settings = household.settings(at: household.now(clock: now))
        let name = settings.out
        let folder = environment.resolve(name)
        let control = ServeControl()
        // A sync waiting to retry (minutes while iCloud is down) gives way to SIGTERM: the loop's
        // syncs and the ticks' both, since both take this environment.
        if environment.sleep == nil { environment.sleep = { control.pause($0) } }
        environment.syncStopped = { control.isStopping }
        if let program = environment.requestChild {
            environment.transport = { ChildProcessTransport(executable: program, name: Program.name) }
        }
        let configuration = household.configuration
        let start = ServeStartSettings(
            out: name, folder: folder, ticks: configuration.ticks == true, hostNames: configuration.serveHostNames ?? []
        )
        let loop = ServeLoop(
            environment: environment, served: served, start: start, control: control, syncEvery: options.syncEvery,
            cloudKitFlags: options.cloudKitFlags)
        AbandonedTemporaries.remove(in: folder.path, files: environment.files)
        try environment.files.makeFolders(folder.path)
        // Before the first build: from here on, a `build` into the folder asks this serve instead.
        let marker = try ServeMarker.claim(folder: folder.path, shown: name)
        defer { marker?.release() }
        loop.marker = marker
        loop.build(at: now)

        let address = options.listen
        var serverConfiguration = ServerConfiguration(host: address.host, port: address.port)
        serverConfiguration.extraHostNames = start.hostNames
        // Private feed names are secrets: the log and the event stream show every feed as `/feeds/…`,
        // whatever the configuration says now, since it may turn private feeds on while serve runs
        // (and no page follows a feed's changes).
        serverConfiguration.pathForLog = ServerConfiguration.hidingNames(below: "/feeds/")
        if options.log {
            let output = RequestLog(output: environment.standardOutput)
            serverConfiguration.log = { line in output.write(line) }
        }
        let endpoints =
            start.ticks
            ? TickEndpoints(
                environment: environment, loop: loop,
                folder: try TickStateFolder.standard(environment: environment.variables),
                words: settings.words, templates: household.flags.templates) : nil
        // Paths under /_aemtli/ are serve's own, never the site's (SPEC §9): the pages' event stream,
        // and the ticks' endpoints when ticks are on; the rest of the site is its files.
        serverConfiguration.handlers = [
            PathHandler(under: "/_aemtli") { request in
                request.path == "/_aemtli/events" ? .eventStream : endpoints?.handle(request)
            },
            SiteFolder(root: folder.path, headers: Self.pageHeaders),
        ]
        let server = HTTPServer(configuration: serverConfiguration)
        do {
            try server.start()
        } catch {
            throw ServeError.listening(at: options.listenText, failedWith: error)
        }
        loop.server = server
        control.listening(on: server.port)
        marker?.announce(ListenAddress(host: address.host, port: server.port), ticks: start.ticks)
        let hosts = ServeAddresses.hosts(for: address, network: environment.network())
        started(Started(out: name, listen: address, port: server.port, hosts: hosts, household: household))
        let signals = environment.handlesInterrupts ? SignalHandlers(control) : nil
        SystemdNotifier.notify("READY=1", variables: environment.variables)
        let timeouts = environment.pushTimeouts
        let pushTransport: CloudKitTransport =
            environment.requestChild.map {
                ChildProcessTransport(
                    executable: $0, name: Program.name, connectTimeout: timeouts.connect,
                    requestTimeout: timeouts.request)
            } ?? URLSessionTransport(connectTimeout: timeouts.connect, requestTimeout: timeouts.request)
        let push = PushListener(
            transport: pushTransport, control: control, clock: environment.clock,
            say: { [environment] in environment.print($0) })
        loop.push = push
        push.start()
        environment.serveStarted(control)
        loop.run()
        push.stop()
        server.stop(graceSeconds: 2)
        signals?.remove()
        return name
    }

    /// The site's files' own headers (`SiteFolder`'s), from a file's path alone: every page
    /// (the build writes pages as `.html` only) gets the one policy all pages carry; feeds, styles
    /// and the rest get none. Never read out of the file, whose bytes record text has shaped.
    @Sendable static func pageHeaders(_ path: String) -> [HTTPHeader] {
        guard path.lowercased().hasSuffix(".html") else { return [] }
        return [HTTPHeader("Content-Security-Policy", PageScript.headerPolicy)]
    }
}
