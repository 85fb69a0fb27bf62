import AemtliCore
import AemtliSite
import Foundation

extension Household {
    /// Builds the family site at `settings`' time into `output` (SPEC §5), step by step: read the
    /// store and the files sync keeps beside it (and stop there when the last build had the same
    /// inputs), read the journal, compute the schedules and History, load the templates, render
    /// every file, publish them. `aemtli build` and each of serve's rebuilds call this. On failure
    /// nothing is published: what the step staged is discarded and the site stays as it was.
    public func build(
        _ settings: Settings, into output: OutputWriter, options: BuildOptions = BuildOptions(),
        environment: CommandEnvironment
    ) throws -> BuiltSite {
        var steps = BuildSteps()
        do {
            var built = try build(settings, into: output, options: options, steps: &steps, environment: environment)
            built.timings = steps.timings
            return built
        } catch {
            output.discard()
            throw error
        }
    }

    private enum StoreReading {
        /// The last build had the same inputs and its files are intact.
        case current(OutputWriter.Summary)
        /// The store and the files sync keeps beside it; the fingerprint when the next build may trust it.
        case read(StoreReadResult, SyncedStoreFiles, fingerprint: String?, demo: Bool)
    }

    private func build(
        _ settings: Settings, into output: OutputWriter, options: BuildOptions, steps: inout BuildSteps,
        environment: CommandEnvironment
    ) throws -> BuiltSite {
        let reading = try steps.run("read the store") { () -> StoreReading in
            let (sources, location) = try storeSources(settings, environment: environment)
            let synced = try SyncedStoreFiles(location: location, environment: environment)
            // serve's live builds keep no fingerprint (each has a now of its own), so make none.
            var fingerprint: String?
            if !options.live {
                var inputs = InputFingerprint.build(
                    self, settings: settings, sources: sources, environment: environment)
                synced.addTo(&inputs)
                let withTokens = InputFingerprint.withFeedTokens(inputs.hex, environment)
                if !options.force, let summary = output.summaryIfCurrent(inputs: withTokens) {
                    return .current(summary)
                }
                fingerprint = inputs.hex
            }
            let result = try Self.readStore(sources, strict: options.strict, environment: environment)
            // A store with warnings or notices is read again each time, so that they are shown again.
            return .read(
                result, synced, fingerprint: result.diagnostics.isEmpty ? fingerprint : nil, demo: location == .demo)
        }
        let (store, synced, fingerprint, demo): (StoreReadResult, SyncedStoreFiles, String?, Bool)
        switch reading {
        case .current(let summary): return BuiltSite(summary: summary, wasCurrent: true)
        case .read(let result, let files, let inputs, let isDemo):
            (store, synced, fingerprint, demo) = (result, files, inputs, isDemo)
        }
        let family = store.family
        let journal = try steps.run("read the journal") { () -> CompletionJournal in
            let journal = synced.completionJournal
            journal.warnings.forEach { environment.diagnose($0.severity, $0.description) }
            return journal
        }
        let site = try steps.run("compute schedules") { () -> Site in
            let feedNames = try FeedTokens(environment: environment).names(
                for: family, privateFeeds: settings.privateFeeds)
            let schedule = settings.schedule.cached(for: family.chores)
            let history =
                journal.isEmpty ? nil : History(family: family, journal: journal, schedule: schedule, weeks: 8)
            var siteOptions = settings.siteOptions
            siteOptions.live = options.live
            siteOptions.ticks = options.ticks
            siteOptions.demo = demo
            siteOptions.configurationKept = options.configurationKept
            return Site(
                family: family, schedule: schedule, words: settings.words, title: settings.familyTitle(family),
                options: siteOptions, freshness: synced.freshness,
                history: history.map { HistoryFacts(history: $0) },
                feedNames: feedNames)
        }
        let templates = try steps.run("load templates") {
            try TemplateOverrides(folder: flags.templates, environment: environment).load()
        }
        let renderSeconds = try steps.run("render feeds, charts and pages") {
            try RenderJob.runAll(site.jobs(templates: templates, to: output))
        }
        // The private feed tokens are inputs too, and this build may have made some.
        let inputs = fingerprint.map { InputFingerprint.withFeedTokens($0, environment) }
        let summary = try steps.run("publish files") { try output.commit(inputs: inputs) }
        var built = BuiltSite(summary: summary, renderSeconds: renderSeconds, family: family)
        if options.live {
            built.nextChange = PageChanges.next(after: site)
            built.lastSync = site.freshness?.lastSuccess.map(site.schedule.time.iso)
        }
        return built
    }
}
