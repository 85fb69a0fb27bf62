import AemtliCore
import Dispatch

/// One file (or a few) of a build's output: rendered on whichever core is free and put into the
/// sink as soon as it is done. Feeds, charts and pages hand their jobs to one pool, so that no
/// core waits while a large file of one kind is still being rendered.
public struct RenderJob {
    /// What it renders, for the timings: `feeds`, `charts` or `pages`.
    public let kind: String
    let run: () throws -> Void

    public init(kind: String, _ run: @escaping () throws -> Void) {
        self.kind = kind
        self.run = run
    }

    /// Runs every job on all cores, in the order given as far as cores allow (put the largest
    /// first). Returns the processor time each kind took, in seconds, in order of first appearance;
    /// throws the first failure in job order once all have run.
    public static func runAll(_ jobs: [RenderJob]) throws -> [(kind: String, seconds: Double)] {
        let durations = try ParallelMap.map(jobs.count) { index -> Double in
            let start = DispatchTime.now().uptimeNanoseconds
            try jobs[index].run()
            return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        }
        var totals: [(kind: String, seconds: Double)] = []
        for (job, seconds) in zip(jobs, durations) {
            if let index = totals.firstIndex(where: { $0.kind == job.kind }) { totals[index].seconds += seconds } else { totals.append((job.kind, seconds)) }
        }
        return totals
    }
}
