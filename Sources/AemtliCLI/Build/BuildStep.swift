import Dispatch

/// One named step of a build; a failure says which step it was.
struct BuildStep {
    let name: String
    let run: (inout BuildContext) throws -> Void

    /// Runs the steps in order over one context, timing each, until one finds the site current.
    static func run(_ steps: [BuildStep], on context: inout BuildContext) throws {
        for step in steps where !context.isCurrent {
            let start = DispatchTime.now().uptimeNanoseconds
            do {
                try step.run(&context)
                context.timings.append((step.name, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, BuildTimings.peakResidentMegabytes))
            } catch {
                let (message, code, _) = AemtliCommand.describe(error, path: context.invocation.path)
                throw CLIError(.stepFailed(step: step.name, reason: message, code: code), path: context.invocation.path)
            }
        }
    }
}
