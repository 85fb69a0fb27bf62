import AemtliCore
import AemtliSite
import AemtliSync
import Files
import Foundation
import StaticHTTP

/// `aemtli serve`'s work between requests (SPEC §9): sync every `syncEvery` through the same
/// engine, lock, journal and status file as `aemtli sync`; build again after every sync, when the
/// configuration or a template changes, at the next instant a page would read differently, and
/// when a `build` run beside it asks (`ServeMarker`); and tell the pages which files changed. Runs
/// on the caller's thread until asked to stop; a failing sync or build is said on standard error
/// and never ends it. Each turn reads the clock once and hands that time to what it does.
final class ServeLoop {
    private let environment: CommandEnvironment
    /// What the running server is made of; see ServeStartSettings.
    private let start: ServeStartSettings
    private let folder: URL
    private let control: ServeControl
    /// `--sync-every`, which wins over the configuration's `syncEverySeconds`.
    private let syncEvery: Int?
    /// The command line's `cloudkit` settings, over the configuration's.
    let cloudKitFlags: CloudKitConfiguration
    /// Where the server announces changed files and the last successful sync; nil until it
    /// listens, and then told at once what the build before it found.
    var server: HTTPServer? {
        didSet { exclusively { lastSync.map(announceSync) } }
    }
    /// The last successful sync as the last build read it (ISO 8601 with the family's offset).
    private var lastSync: String?
    /// A sync succeeded since the last `synced` event: the next build announces it, even at the
    /// same time (a fixed clock), since the pages follow the event, not the time.
    private var syncedSinceAnnounced = false
    /// The folder's mark of this serve, where a `build` run beside it asks for a build.
    var marker: ServeMarker?
    /// The family as the last build read it, which the pages show: a tick looks its chore up
    /// here. Nil after a failed build or a sync, until the next build reads the store again.
    private(set) var family: Family?
    /// Push: a frame asks for a sync now; registered after a good sync (SPEC §9 "Push").
    var push: PushListener?

    private var nextSync = Date.distantPast
    /// Temporary failures in a row: each doubles the wait before the next sync, up to an hour.
    private var failures = 0
    /// The sign-in time of a session CloudKit refused: no sync until a new one is there.
    private var refusedSession: Date?
    private var nextPageChange = Date.distantFuture
    /// The hash of the configuration file and the template overrides, as last built from.
    private var watched: Int?
    /// The start-only settings' changes said last, so that each is said once while it stands.
    private var restartNotices: [String] = []
    /// Where the builds' warnings go: each once until the inputs they are about change.
    private let buildWarnings: SaidOnceOutput
    /// The store's content, the configuration and the templates, as the warnings said last were about.
    private var warnedAbout: [Int?] = []
    /// One sync, write or build at a time: the loop's and a tick's (which comes on a connection's thread).
    private let work = NSRecursiveLock()

    /// Runs `body` while no sync, write or build of the loop runs.
    func exclusively<Value>(_ body: () throws -> Value) rethrows -> Value {
        work.lock()
        defer { work.unlock() }
        return try body()
    }

    private let served: ServedConfiguration

    init(
        environment: CommandEnvironment, served: ServedConfiguration, start: ServeStartSettings,
        control: ServeControl, syncEvery: Int?, cloudKitFlags: CloudKitConfiguration
    ) {
        self.environment = environment
        self.served = served
        self.start = start
        folder = URL(fileURLWithPath: start.outPath, isDirectory: true)
        self.control = control
        self.syncEvery = syncEvery
        self.cloudKitFlags = cloudKitFlags
        buildWarnings = SaidOnceOutput(environment.standardError)
    }

    /// Until stopped: what is due, then a wait for the next thing due (at most a second, so that
    /// an edited template or configuration is seen soon). SIGHUP builds at once, with the
    /// household worked out anew.
    func run() {
        var reload = false
        while !control.isStopping {
            let now = environment.clock()
            var rebuild = reload
            if reload { served.forget() }
            // A frame hastens the sync, unless syncs are backing off after failures (CloudKit's time).
            if now >= nextSync || (failures == 0 && push?.takeSyncRequest() == true) {
                rebuild = sync(at: now) || rebuild
            }
            // A sync cut short by a stop changed nothing worth a build on the way out.
            if control.isStopping { break }
            if watchedFiles() != watched || now >= nextPageChange { rebuild = true }
            if marker?.takeRequest() == true { rebuild = true }
            if push?.publish() == true { rebuild = true }
            if rebuild { build(at: now) }
            let next = min(nextSync, nextPageChange, now.addingTimeInterval(1))
            reload = control.wait(seconds: max(0, next.timeIntervalSince(now)))
        }
    }

    /// Builds the site as `serve` shows it at `clock` (the turn's time) and announces the files
    /// that changed; false when the build failed (the previous site stays).
    @discardableResult
    func build(at clock: Date) -> Bool {
        work.lock()
        defer { work.unlock() }
        // A stopping serve has 2 s: a tick that ends while it stops does not build first.
        guard !control.isStopping else { return false }
        watched = watchedFiles()
        let output = OutputWriter(folder: folder, displayName: start.out, files: environment.files)
        do {
            let (household, kept) = try served.current()
            let settings = household.settings(at: household.now(clock: clock))
            noticeRestart(
                ServeStartSettings(
                    out: settings.out, folder: environment.resolve(settings.out),
                    ticks: household.configuration.ticks == true,
                    hostNames: household.configuration.serveHostNames ?? []))
            let about = [watched, storeContent(household, settings)]
            if about != warnedAbout { buildWarnings.forget() }
            warnedAbout = about
            var quieter = environment
            quieter.standardError = buildWarnings
            var options = BuildOptions()
            options.live = true
            options.ticks = start.ticks
            options.configurationKept = kept
            let built = try household.build(settings, into: output, options: options, environment: quieter)
            family = built.family
            // In the loop's own clock, a second at least: a build's now can be fixed (SOURCE_DATE_EPOCH),
            // and then its next change would always lie in the past.
            let wait = built.nextChange.map { $0.timeIntervalSince(settings.now) } ?? 3600
            nextPageChange = clock.addingTimeInterval(max(1, wait))
            let changed = built.summary.changedPaths
            if !changed.isEmpty {
                server?.publish(changedPaths: changed.map { "/" + $0 })
                environment.print("Built \(start.out): \(changed.count) changed.")
            }
            if let synced = built.lastSync, syncedSinceAnnounced || synced != lastSync {
                lastSync = synced
                announceSync(synced)
            }
            return true
        } catch {
            family = nil
            environment.diagnose(.warning, "\(ErrorSentence.of(error).dropLast()); serving the site as it was.")
            nextPageChange = clock.addingTimeInterval(60)
            return false
        }
    }

    /// `event: synced` to the open pages, and to each page that connects later (SPEC §9): their
    /// script writes it into "Chores as of", which the page files keep only as of their last change.
    private func announceSync(_ synced: String) {
        guard let server else { return }
        server.publish(event: "synced", data: synced, replay: true)
        syncedSinceAnnounced = false
    }

    /// Says each change to a start-only setting once, while it stands; a setting changed back and
    /// then again is said again.
    private func noticeRestart(_ now: ServeStartSettings) {
        let notices = start.restartNotices(now: now, place: served.place.shown)
        for notice in notices where !restartNotices.contains(notice) {
            environment.diagnose(.warning, notice)
        }
        restartNotices = notices
    }

    /// One sync at `now` when a session is there and CloudKit has not refused it; true when it ran
    /// (its status file changed, so the pages may read otherwise).
    private func sync(at now: Date) -> Bool {
        work.lock()
        defer { work.unlock() }
        let loaded = try? served.configuration().configuration
        let every = TimeInterval(syncEvery ?? loaded?.syncEverySeconds ?? 60)
        nextSync = now.addingTimeInterval(every)
        let settings: SyncSettings
        let session: Session?
        let configuration: CheckedConfiguration
        do {
            // No configuration that ever read, no session file that reads, or no API token: serve
            // the store as it is, and look again at the next turn.
            settings = try syncSettings(at: now)
            session = try settings.sessions.load()
            guard let session, session.signedInAt != refusedSession else {
                push?.pause(store: settings.store.path)
                return false
            }
            configuration = try settings.cloudKit.checked()
        } catch {
            return false
        }
        let engine = settings.engine(configuration, environment: environment)
        // The store changes: a tick reads it anew until the next build has.
        family = nil
        do {
            let report = try engine.run()
            syncedSinceAnnounced = true
            failures = 0
            refusedSession = nil
            if !report.unchanged { environment.print(report.summary(store: settings.store.shown)) }
            report.warnings.forEach { environment.diagnose(.warning, $0) }
            if let session {
                push?.afterSync(store: settings.store.path, signedInAt: session.signedInAt) {
                    try engine.registerForPush(renew: $0)
                }
            }
        } catch let error as SyncError {
            if case .stopped = error.reason { return true }
            if error.result == .signIn {
                refusedSession = session?.signedInAt
                push?.pause(store: settings.store.path)
            } else {
                failures += 1
                nextSync = now.addingTimeInterval(min(3600, every * pow(2, Double(min(failures, 12)))))
                // CloudKit's own time counts from the refusal, at the run's end (which may be minutes
                // after the turn began: the clock is read again); at most an hour, like the backoff,
                // since its unit is not certain (CLOUDKIT.md §11.6).
                if let hint = error.retryAfter {
                    nextSync = max(nextSync, environment.clock().addingTimeInterval(min(hint, 3600)))
                }
            }
            environment.diagnose(.warning, "\(error.description) (serve goes on)")
        } catch {
            failures += 1
            environment.diagnose(.warning, "the sync failed: \(error) (serve goes on)")
        }
        return true
    }

    /// The household the loop builds, syncs and ticks with; see ServedConfiguration.
    func household() throws -> Household {
        try served.current().household
    }

    /// What a sync or a tick's write at `now` works with.
    func syncSettings(at now: Date) throws -> SyncSettings {
        let household = try household()
        return try SyncSettings(
            household, flags: cloudKitFlags, settings: household.settings(at: household.now(clock: now)),
            environment: environment)
    }

    /// The store's records and journal, hashed: what its warnings are about (not the status file,
    /// which every sync rewrites). Unreadable counts as empty: the build says why. `Hasher` is
    /// seeded anew in each process, which is all serve needs: it compares its own values only.
    private func storeContent(_ household: Household, _ settings: Settings) -> Int {
        var hasher = Hasher()
        let loader = StoreLoader(environment: environment)
        guard let location = try? loader.locate(household.store) else { return 0 }
        for source in (try? loader.sources(at: location, settings: settings)) ?? [] {
            hasher.combine(source.name)
            hasher.combine(source.bytes)
        }
        hasher.combine((try? SyncedStoreFiles(location: location, environment: environment))?.journal?.bytes ?? [])
        return hasher.finalize()
    }

    /// The configuration file's bytes and the template overrides (the files `TemplateOverrides`
    /// reads, with their names), hashed: a change in them builds again (live reload for template
    /// authors).
    private func watchedFiles() -> Int {
        var hasher = Hasher()
        hasher.combine((try? environment.files.readBytes(served.place.path)) ?? [])
        if let folder = served.flags.templates {
            let place = environment.place(folder)
            for name in (try? environment.files.files(below: place, withExtension: "mustache")) ?? [] {
                hasher.combine(name)
                hasher.combine((try? environment.files.readBytes(place.appending(name).path)) ?? [])
            }
        }
        return hasher.finalize()
    }
}
