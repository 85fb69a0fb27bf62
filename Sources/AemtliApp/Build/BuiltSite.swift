import AemtliCore
import Foundation

/// What a build did: the files it wrote, left and removed, and what `serve` needs of it.
public struct BuiltSite {
    public var summary: OutputWriter.Summary
    /// The family the pages show.
    public var family: Family
    /// For a live build: when the pages would next read differently with the same store.
    public var nextChange: Date?
    /// For a live build: the last successful sync, ISO 8601 with the family's offset, for the
    /// pages' `synced` event (nil for a store never synced).
    public var lastSync: String?
}
