import AemtliCore
import Foundation

/// What a build did: the files it wrote, left and removed, and what `serve` needs of it.
struct BuiltSite {
    var summary: OutputWriter.Summary
    /// The last build had the same inputs and its files are intact: nothing was rendered.
    var wasCurrent = false
    /// Each step's time and the peak memory after it, for `build --timings`.
    var timings: [(step: String, seconds: Double, peakMegabytes: Double)] = []
    var renderSeconds: [(kind: String, seconds: Double)] = []
    /// The family the pages show; nil when nothing was rendered.
    var family: Family?
    /// For a live build: when the pages would next read differently with the same store.
    var nextChange: Date?
    /// For a live build: the last successful sync, ISO 8601 with the family's offset, for the
    /// pages' `synced` event (nil for a store never synced).
    var lastSync: String?
}
