import AemtliCore
import AemtliSite
import Foundation

/// `aemtli build`: the family site (SPEC §5): dashboard, member pages, weekly charts, feeds,
/// `agenda.json` and the assets.
enum BuildCommand {
    static let out = OptionSpec(
        "out", value: "dir", help: "The folder to write the site to (default: aemtli.json's out, else _site).")
    static let timings = OptionSpec(
        "timings", help: "Print how long each step took, the files and bytes written, and peak memory.")
    static let force = OptionSpec("force", help: "Render every file even when nothing changed since the last build.")

    static let spec = CommandSpec(
        "build", abstract: "Build the family site: dashboard, member pages, feeds and reports.",
        discussion:
            "Writes index.html, members/SLUG.html, reports/YYYY-Www.html for this week and next, feeds/SLUG.ics and feeds/family.ics, agenda.json (the next 14 days) and assets/. Files whose bytes did not change are left alone; files an earlier build wrote that no longer belong are removed. When the store, the settings, the templates and aemtli itself are what they were at the last build, and its files are as it left them, nothing is rendered again (--force renders anyway). Into the folder a running 'aemtli serve' serves, it writes nothing and asks that serve to build instead.",
        options: OptionSpec.storeOptions + [out, .templates, .lang, .baseURL, force, timings, .quiet],
        handler: run)

    static func run(_ invocation: inout Invocation) throws -> ExitCode {
        let settings = try invocation.settings()
        let folder = settings.out
        let path = invocation.environment.resolve(folder).path
        // Plain pages under a running serve would end its live updates and Done buttons until its
        // next build: that serve builds instead, with its own settings.
        if let owner = ServeMarker.owner(of: path) {
            try ServeMarker.requestRebuild(in: path, shown: folder, files: invocation.environment.files)
            if !invocation.arguments.isSet(.quiet) {
                let pid = owner.pid.map { " (pid \($0))" } ?? ""
                invocation.print("aemtli serve\(pid) owns \(folder); asked it to rebuild with its own settings.")
            }
            return .success
        }
        let output = OutputWriter(
            folder: invocation.environment.resolve(folder), displayName: folder, files: invocation.environment.files)
        let interrupts =
            invocation.environment.handlesInterrupts ? InterruptCleanup { output.closeForInterrupt() } : nil
        defer { interrupts?.remove() }
        AbandonedTemporaries.remove(in: output.folder.path, files: invocation.environment.files)
        var steps = BuildSteps(path: invocation.path)
        let built: Built
        do {
            built = try build(invocation, settings: settings, output: output, steps: &steps)
        } catch {
            output.discard()
            throw error
        }
        let summary = built.summary
        if invocation.arguments.isSet(.quiet) {
            // Nothing on success: warnings and errors still go to standard error.
        } else if built.wasCurrent {
            invocation.print(
                "Built \(folder): nothing changed since the last build, \(summary.unchanged) files left as they were.")
        } else {
            invocation.print(
                "Built \(folder): \(summary.written) written, \(summary.unchanged) unchanged, \(summary.removed) removed."
            )
        }
        if invocation.arguments.isSet(timings) {
            let report = BuildTimings(timings: steps.timings, renderSeconds: built.renderSeconds, summary: summary)
            invocation.print(report.text)
        }
        return .success
    }

    private enum StoreReading {
        /// The last build had the same inputs and its files are intact.
        case current(OutputWriter.Summary)
        /// The store and the files sync keeps beside it; the fingerprint when the next build may trust it.
        case read(StoreReadResult, SyncedStoreFiles, fingerprint: String?, demo: Bool)
    }

    struct Built {
        var summary: OutputWriter.Summary
        /// The last build had the same inputs and its files are intact: nothing was rendered.
        var wasCurrent = false
        var renderSeconds: [(kind: String, seconds: Double)] = []
        /// For a live build: when the pages would next read differently with the same store.
        var nextChange: Date?
        /// For a live build: the last successful sync, ISO 8601 with the family's offset, for the
        /// pages' `synced` event (nil for a store never synced).
        var lastSync: String?
    }

    /// The build, step by step: read the store and the files sync keeps beside it (and stop there
    /// when the last build had the same inputs), read the journal, compute the schedules and
    /// History, load the templates, render every file, publish them.
    /// `live` builds the pages `aemtli serve` shows (SPEC §9): they follow its event stream and
    /// carry no time that changes with every build; the manifest then keeps no fingerprint, since
    /// each of serve's builds has a now of its own.
    static func build(
        _ invocation: Invocation, settings: Settings, output: OutputWriter, steps: inout BuildSteps, live: Bool = false,
        ticks: Bool = false, configurationKept: Bool = false
    ) throws -> Built {
        let environment = invocation.environment
        let reading = try steps.run("read the store") { () -> StoreReading in
            let (sources, location) = try invocation.storeSources(settings: settings)
            let synced = try SyncedStoreFiles(location: location, environment: environment)
            // serve's live builds keep no fingerprint (each has a now of its own), so make none.
            var fingerprint: String?
            if !live {
                var inputs = InputFingerprint.build(invocation, settings: settings, sources: sources)
                synced.addTo(&inputs)
                let withTokens = InputFingerprint.withFeedTokens(inputs.hex, environment)
                if !invocation.arguments.isSet(force), let summary = output.summaryIfCurrent(inputs: withTokens) {
                    return .current(summary)
                }
                fingerprint = inputs.hex
            }
            let result = try invocation.readStore(sources)
            // A store with warnings or notices is read again each time, so that they are shown again.
            return .read(
                result, synced, fingerprint: result.diagnostics.isEmpty ? fingerprint : nil, demo: location == .demo)
        }
        let (store, synced, fingerprint, demo): (StoreReadResult, SyncedStoreFiles, String?, Bool)
        switch reading {
        case .current(let summary): return Built(summary: summary, wasCurrent: true)
        case .read(let result, let files, let inputs, let isDemo):
            (store, synced, fingerprint, demo) = (result, files, inputs, isDemo)
        }
        let family = store.family
        let journal = try steps.run("read the journal") { () -> CompletionJournal in
            let journal = synced.completionJournal
            journal.warnings.forEach { invocation.diagnose($0.severity, $0.description) }
            return journal
        }
        let site = try steps.run("compute schedules") { () -> Site in
            let feedNames = try FeedTokens(invocation: invocation).names(
                for: family, privateFeeds: settings.privateFeeds)
            let schedule = settings.schedule.cached(for: family.chores)
            let history =
                journal.isEmpty ? nil : History(family: family, journal: journal, schedule: schedule, weeks: 8)
            var options = settings.siteOptions
            options.live = live
            options.ticks = ticks
            options.demo = demo
            options.configurationKept = configurationKept
            return Site(
                family: family, schedule: schedule, words: settings.words, title: settings.familyTitle(family),
                options: options, freshness: synced.freshness,
                history: history.map { HistoryFacts(history: $0) },
                feedNames: feedNames)
        }
        let templates = try steps.run("load templates") { try TemplateOverrides(invocation: invocation).load() }
        let renderSeconds = try steps.run("render feeds, charts and pages") {
            try RenderJob.runAll(site.jobs(templates: templates, to: output))
        }
        // The private feed tokens are inputs too, and this build may have made some.
        let inputs = fingerprint.map { InputFingerprint.withFeedTokens($0, environment) }
        let summary = try steps.run("publish files") { try output.commit(inputs: inputs) }
        guard live else { return Built(summary: summary, renderSeconds: renderSeconds) }
        return Built(
            summary: summary, renderSeconds: renderSeconds, nextChange: PageChanges.next(after: site),
            lastSync: site.freshness?.lastSuccess.map(site.schedule.time.iso))
    }
}
