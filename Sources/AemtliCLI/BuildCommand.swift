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
            let (sources, _) = try context.invocation.storeSources(settings: context.settings)
            let inputs = InputFingerprint.build(context.invocation, settings: context.settings, sources: sources).hex
            if !context.invocation.arguments.isSet(force), let summary = context.output.summaryIfCurrent(inputs: inputs) {
                context.summary = summary
                context.isCurrent = true
                return
            }
            let result = try context.invocation.readStore(sources)
            context.family = result.family
            // A store with warnings or notices is read again each time, so that they are shown again.
            context.inputs = result.diagnostics.isEmpty ? inputs : nil
        },
        BuildStep(name: "compute schedules") { context in
            context.schedule = context.settings.schedule().cached(for: context.family.chores)
            context.slugs = MemberSlugs.assign(context.family.members)
            context.feedNames = try FeedTokens(environment: context.invocation.environment)
                .names(for: context.family.members, slugs: context.slugs, privateFeeds: context.settings.configuration.privateFeeds == true)
        },
        BuildStep(name: "load templates") { context in
            context.templates = try TemplateOverrides.load(context.invocation)
        },
        BuildStep(name: "render feeds, charts and pages") { context in
            let (family, schedule, templates, settings) = (context.family, context.schedule!, context.templates!, context.settings)
            let vocabulary = Vocabulary(settings.language)
            let title = settings.familyTitle(family)
            let options = FeedOptions(
                familyTitle: title, vocabulary: vocabulary, eventMinutes: settings.eventMinutes,
                reminderMinutes: settings.configuration.reminderMinutes, baseURL: settings.baseURL,
                memberPages: context.slugs.mapValues { "members/\($0).html" })
            let input = SiteInput(
                family: family, schedule: schedule, vocabulary: vocabulary, familyTitle: title, slugs: context.slugs,
                feedNames: context.feedNames, baseURL: settings.baseURL, refreshMinutes: settings.configuration.refreshMinutes)
            let thisWeek = ISOWeek(containing: schedule.today, weekStart: settings.weekStart)
            let charts = [thisWeek, thisWeek.adding(weeks: 1)].map { week in
                ReportHTMLRenderer.job(week: week, family: family, schedule: schedule, vocabulary: vocabulary, templates: templates, familyTitle: title, to: context.output)
            }
            let feeds = FeedBuilder(family: family, schedule: schedule, options: options).jobs(names: context.feedNames, to: context.output)
            let pages = SitePages(input: input, templates: templates).jobs(to: context.output)
            // The largest files first: the family feed, agenda.json and the dashboard, the charts.
            context.renderSeconds = try RenderJob.runAll(Array(feeds.prefix(1) + pages.prefix(2) + charts + feeds.dropFirst() + pages.dropFirst(2)))
        },
        BuildStep(name: "publish files") { context in
            context.summary = try context.output.commit(inputs: context.inputs)
        },
    ]

    static func run(_ invocation: inout Invocation) throws -> ExitCode {
        let folder = invocation.arguments.value(out) ?? "_site"
        let output = OutputWriter(folder: invocation.environment.resolve(folder), displayName: folder)
        var context = BuildContext(invocation: invocation, settings: try invocation.settings(), output: output)
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

extension Settings {
    /// The family's title: configuration, else the CloudKit share's title, else "Ämtli".
    func familyTitle(_ family: Family) -> String {
        title ?? family.shareTitle ?? "Ämtli"
    }
}
