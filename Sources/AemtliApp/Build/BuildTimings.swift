import Files
import Foundation

/// What `aemtli build --timings` prints: each step's time, the total, what was written, and the
/// process's peak resident memory (from `getrusage`).
public struct BuildTimings {
    let timings: [(step: String, seconds: Double, peakMegabytes: Double)]
    /// Processor seconds that rendering each kind of file took, summed over the cores.
    let renderSeconds: [(kind: String, seconds: Double)]
    let summary: OutputWriter.Summary

    public init(
        timings: [(step: String, seconds: Double, peakMegabytes: Double)],
        renderSeconds: [(kind: String, seconds: Double)], summary: OutputWriter.Summary
    ) {
        self.timings = timings
        self.renderSeconds = renderSeconds
        self.summary = summary
    }

    public var text: String {
        let width = max(timings.map(\.step.count).max() ?? 0, 34)
        func line(_ label: String, _ seconds: Double) -> String {
            label.padding(toLength: width, withPad: " ", startingAt: 0) + String(format: "  %8.1f ms", seconds * 1000)
        }
        var lines: [String] = []
        for (step, seconds, peak) in timings {
            lines.append(line(step, seconds) + String(format: "   peak so far %6.1f MB", peak))
            // Rendering runs on all cores: how much processor time each kind of file took.
            if step.hasPrefix("render") {
                lines += renderSeconds.map { line("  \($0.kind), processor time", $0.seconds) }
            }
        }
        let total = timings.reduce(0) { $0 + $1.seconds }
        lines.append(
            "total".padding(toLength: width, withPad: " ", startingAt: 0) + String(format: "  %8.1f ms", total * 1000))
        lines.append(
            "files: \(summary.files) (\(summary.written) written, \(summary.unchanged) unchanged, \(summary.removed) removed)"
        )
        lines.append(
            String(
                format: "bytes: %.1f MB of %.1f MB written", Double(summary.bytesWritten) / 1e6,
                Double(summary.bytesTotal) / 1e6))
        lines.append(String(format: "peak memory: %.1f MB", Self.peakResidentMegabytes))
        return lines.joined(separator: "\n")
    }

    /// `ru_maxrss` is in kilobytes on Linux.
    static var peakResidentMegabytes: Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_maxrss) / 1024
    }
}
