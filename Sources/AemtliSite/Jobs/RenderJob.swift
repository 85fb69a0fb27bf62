import AemtliCore
import Dispatch
import Foundation

/// One file (or a few) of a build's output: rendered on whichever core is free and put into the
/// sink as soon as it is done. Feeds, charts and pages hand their jobs to one pool, so that no
/// core waits while a large file of one kind is still being rendered.
public struct RenderJob {
    /// What it renders, for the timings: `feeds`, `charts` or `pages`.
    public let kind: String
    let run: (inout [UInt8]) throws -> Void

    /// `run` renders into the buffer it is given: empty, but with the capacity an earlier job on
    /// the same core left in it, so that a build of many megabytes does not ask the system for
    /// fresh memory (and page faults) for every file. The buffer is reused once `run` returns.
    public init(kind: String, _ run: @escaping (inout [UInt8]) throws -> Void) {
        self.kind = kind
        self.run = run
    }

    /// Runs every job on all cores, in the order given as far as cores allow (put the largest
    /// first). Returns the processor time each kind took, in seconds, in order of first appearance;
    /// throws the first failure in job order once all have run.
    public static func runAll(_ jobs: [RenderJob]) throws -> [(kind: String, seconds: Double)] {
        let buffers = BufferPool()
        let durations = try ParallelMap.map(jobs.count) { index -> Double in
            let start = DispatchTime.now().uptimeNanoseconds
            var buffer = buffers.take()
            defer { buffers.give(&buffer) }
            try jobs[index].run(&buffer)
            return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        }
        var totals: [(kind: String, seconds: Double)] = []
        for (job, seconds) in zip(jobs, durations) {
            if let index = totals.firstIndex(where: { $0.kind == job.kind }) {
                totals[index].seconds += seconds
            } else {
                totals.append((job.kind, seconds))
            }
        }
        return totals
    }
}

/// The output buffers of the jobs running now and the idle ones, at most one per core.
private final class BufferPool: @unchecked Sendable {
    private let lock = NSLock()
    private var idle: [[UInt8]] = []

    func take() -> [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        return idle.popLast() ?? []
    }

    func give(_ buffer: inout [UInt8]) {
        buffer.removeAll(keepingCapacity: true)
        lock.lock()
        defer { lock.unlock() }
        idle.append(buffer)
        buffer = []
    }
}
