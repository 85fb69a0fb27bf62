import AemtliApp
import AemtliCore
import AemtliSite
import Foundation

/// `aemtli build`: the family site (SPEC §5): dashboard, member pages, weekly charts, feeds,
/// `agenda.json` and the assets.
enum BuildCommand {
    static let out = OptionSpec(
        "out", value: "dir", help: "The folder to write the site to (default: aemtli.json's out, else _site).")

    static let spec = CommandSpec(
        "build", abstract: "Build the family site: dashboard, member pages, feeds and reports.",
        discussion:
            "Writes index.html, members/SLUG.html, reports/YYYY-Www.html for this week and next, feeds/SLUG.ics and feeds/family.ics, agenda.json (the next 14 days) and assets/. Files whose bytes did not change are left alone; files an earlier build wrote that no longer belong are removed. Into the folder a running 'aemtli serve' serves, it writes nothing and asks that serve to build instead.",
        options: OptionSpec.storeOptions + [out, .templates, .lang, .baseURL, .quiet],
        handler: run)

    static func run(_ invocation: inout Invocation) throws -> ExitCode {
        let environment = invocation.environment
        let household = try invocation.household()
        let settings = invocation.settings(of: household)
        let folder = settings.out
        let path = environment.resolve(folder).path
        // Plain pages under a running serve would end its live updates and Done buttons until its
        // next build: that serve builds instead, with its own settings.
        if let owner = ServeMarker.owner(of: path) {
            try ServeMarker.requestRebuild(in: path, shown: folder, files: environment.files)
            if !invocation.arguments.isSet(.quiet) {
                let pid = owner.pid.map { " (pid \($0))" } ?? ""
                invocation.print("aemtli serve\(pid) owns \(folder); asked it to rebuild with its own settings.")
            }
            return .success
        }
        let output = OutputWriter(folder: environment.resolve(folder), displayName: folder, files: environment.files)
        let interrupts = environment.handlesInterrupts ? InterruptCleanup { output.closeForInterrupt() } : nil
        defer { interrupts?.remove() }
        AbandonedTemporaries.remove(in: output.folder.path, files: environment.files)
        var options = BuildOptions()
        options.strict = invocation.arguments.isSet(.strict)
        let built = try household.build(settings, into: output, options: options, environment: environment)
        let summary = built.summary
        if !invocation.arguments.isSet(.quiet) {
            // Nothing on success with --quiet: warnings and errors still go to standard error.
            invocation.print(
                "Built \(folder): \(summary.written) written, \(summary.unchanged) unchanged, \(summary.removed) removed."
            )
        }
        return .success
    }
}
