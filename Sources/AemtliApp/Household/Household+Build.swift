import AemtliCore
import AemtliSite
import Foundation

extension Household {
    /// Builds the family site at `settings`' time into `output` (SPEC §5), step by step: read the
    /// store and the files sync keeps beside it, read the journal, compute the schedules and
    /// History, load the templates, render every file, publish them. `aemtli build` and each of
    /// serve's rebuilds call this. On failure nothing is published: what the step staged is
    /// discarded and the site stays as it was. Every build renders every file: a family's takes a
    /// few milliseconds beyond starting the process, and feeds carry the build's now (`DTSTAMP`),
    /// so with a real clock no two builds have the same output to skip (docs/performance.md).
    public func build(
        _ settings: Settings, into output: OutputWriter, options: BuildOptions = BuildOptions(),
        environment: CommandEnvironment
    ) throws -> BuiltSite {
        do {
            return try build(settings, into: output, options: options, steps: BuildSteps(), environment: environment)
        } catch {
            output.discard()
            throw error
        }
    }

    private func build(
        _ settings: Settings, into output: OutputWriter, options: BuildOptions, steps: BuildSteps,
        environment: CommandEnvironment
    ) throws -> BuiltSite {
        let (store, synced, demo) = try steps.run("read the store") {
            () -> (StoreReadResult, SyncedStoreFiles, Bool) in
            let (sources, location) = try storeSources(settings, environment: environment)
            let synced = try SyncedStoreFiles(location: location, environment: environment)
            let result = try Self.readStore(sources, strict: options.strict, environment: environment)
            return (result, synced, location == .demo)
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
            let schedule = settings.schedule
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
        try steps.run("render feeds, charts and pages") {
            try RenderJob.runAll(site.jobs(templates: templates, to: output))
        }
        let summary = try steps.run("publish files") { try output.commit() }
        var built = BuiltSite(summary: summary, family: family)
        if options.live {
            built.nextChange = PageChanges.next(after: site)
            built.lastSync = site.freshness?.lastSuccess.map(site.schedule.time.iso)
        }
        return built
    }
}
