/// One file (or a few) of a build's output: rendered and put into the sink when it runs. The
/// site lists its files as jobs, so that a build, serve and the tests render them the same way.
public struct RenderJob {
    let run: () throws -> Void

    public init(_ run: @escaping () throws -> Void) {
        self.run = run
    }

    /// Runs every job in order; the first failure ends the run.
    public static func runAll(_ jobs: [RenderJob]) throws {
        for job in jobs { try job.run() }
    }
}
