import AemtliCore
import AemtliSite
import Foundation

/// `aemtli build`: the family site (SPEC §5): dashboard, member pages, weekly charts, feeds,
/// `agenda.json` and the assets.
enum BuildCommand {
    static let out = OptionSpec("out", value: "dir", help: "The folder to write the site to (default: _site).")
    static let timings = OptionSpec("timings", help: "Print how long each step took, the files and bytes written, and peak memory.")
    static let force = OptionSpec("force", help: "Render every file even when nothing changed since the last build.")

    static let spec = CommandSpec(
        "build", abstract: "Build the family site: dashboard, member pages, feeds and reports.",
        discussion: "Writes index.html, members/SLUG.html, reports/YYYY-Www.html for this week and next, feeds/SLUG.ics and feeds/family.ics, agenda.json (the next 14 days) and assets/. Files whose bytes did not change are left alone; files an earlier build wrote that no longer belong are removed. When the store, the settings, the templates and aemtli itself are what they were at the last build, and its files are as it left them, nothing is rendered again (--force renders anyway).",
        options: OptionSpec.storeOptions + [out, .templates, .lang, .baseURL, force, timings],
        handler: run)

    static let steps: [BuildStep] = [
        BuildStep(name: "read the store") { context in
            let (sources, location) = try context.invocation.storeSources(settings: context.settings)
            var synced = SyncedStoreFiles(location: location, environment: context.invocation.environment)
            context.freshness = synced.freshness
            var fingerprint = InputFingerprint.build(context.invocation, settings: context.settings, sources: sources)
            synced.addTo(&fingerprint)
            context.synced = synced
            let base = fingerprint.hex
            let inputs = InputFingerprint.withFeedTokens(base, context.invocation.environment)
            if !context.invocation.arguments.isSet(force), let summary = context.output.summaryIfCurrent(inputs: inputs) {
                context.summary = summary
                context.isCurrent = true
                return
            }
            let result = try context.invocation.readStore(sources)
            context.family = result.family
            // A store with warnings or notices is read again each time, so that they are shown again.
            context.inputs = result.diagnostics.isEmpty ? inputs : nil
            context.inputsBase = base
        },
        BuildStep(name: "compute schedules") { context in
            let family = context.family
            let (feedNames, madeTokens) = try FeedTokens(environment: context.invocation.environment)
                .names(for: family, privateFeeds: context.settings.privateFeeds)
            if madeTokens, context.inputs != nil {
                context.inputs = InputFingerprint.withFeedTokens(context.inputsBase, context.invocation.environment)
            }
            let settings = context.settings
            var options = settings.siteOptions
            options.freshness = context.freshness
            let schedule = settings.schedule.cached(for: family.chores)
            options.history = context.synced?.history(family: family, schedule: schedule, weeks: 8) {
                context.invocation.diagnose($0.severity, $0.description)
            }
            context.site = Site(
                family: family, schedule: schedule, words: settings.words,
                title: settings.familyTitle(family), options: options, feedNames: feedNames)
        },
        BuildStep(name: "load templates") { context in
            context.templates = try TemplateOverrides(invocation: context.invocation).load()
        },
        BuildStep(name: "render feeds, charts and pages") { context in
            guard let site = context.site, let templates = context.templates else { preconditionFailure("the steps before made the site and loaded the templates") }
            context.renderSeconds = try RenderJob.runAll(site.jobs(templates: templates, to: context.output))
        },
        BuildStep(name: "publish files") { context in
            context.summary = try context.output.commit(inputs: context.inputs)
        },
    ]

    static func run(_ invocation: inout Invocation) throws -> ExitCode {
        let folder = invocation.arguments.value(out) ?? "_site"
        let output = OutputWriter(folder: invocation.environment.resolve(folder), displayName: folder)
        var context = BuildContext(invocation: invocation, settings: try invocation.settings(), output: output)
        let interrupts = invocation.environment.handlesInterrupts ? InterruptCleanup { output.closeForInterrupt() } : nil
        defer { interrupts?.remove() }
        AbandonedTemporaries.remove(in: output.folder.path)
        do {
            try BuildStep.run(steps, on: &context)
        } catch {
            output.discard()
            throw error
        }
        let summary = context.summary
        if context.isCurrent {
            invocation.print("Built \(folder): nothing changed since the last build, \(summary.unchanged) files left as they were.")
        } else {
            invocation.print("Built \(folder): \(summary.written) written, \(summary.unchanged) unchanged, \(summary.removed) removed.")
        }
        if invocation.arguments.isSet(timings) { invocation.print(BuildTimings(context: context).text) }
        return .success
    }
}
