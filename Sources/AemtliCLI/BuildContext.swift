import AemtliCore
import AemtliSite
import Foundation

/// What the build steps share: settings and store in, files and a summary out.
struct BuildContext {
    var invocation: Invocation
    var settings: Settings
    var family = Family(members: [], chores: [])
    var schedule: Schedule?
    var slugs: [String: String] = [:]
    var feedNames: [String: String] = [:]
    var templates: TemplateSet?
    /// Output paths (relative to the folder) and their bytes.
    var files: [String: [UInt8]] = [:]
    var summary = OutputWriter.Summary()
    /// Seconds each step took, in order.
    var timings: [(step: String, seconds: Double)] = []
}
