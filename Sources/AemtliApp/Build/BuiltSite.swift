import AemtliCore
import Foundation

/// What a build did: the files it wrote, left and removed, and what `serve` needs of it.
public struct BuiltSite {
    public var summary: OutputWriter.Summary
    /// The last build had the same inputs and its files are intact: nothing was rendered.
    public var wasCurrent = false
    /// Each step's time and the peak memory after it, for `build --timings`.
    public var timings: [(step: String, seconds: Double, peakMegabytes: Double)] = []
    public var renderSeconds: [(kind: String, seconds: Double)] = []
    /// The family the pages show; nil when nothing was rendered.
    public var family: Family?
    /// For a live build: when the pages would next read differently with the same store.
    public var nextChange: Date?
    /// For a live build: the last successful sync, ISO 8601 with the family's offset, for the
    /// pages' `synced` event (nil for a store never synced).
    public var lastSync: String?
}
