import AemtliCore
import AemtliSite
import Foundation

/// What the build steps share: settings and store in, files and a summary out.
struct BuildContext {
    var invocation: Invocation
    var settings: Settings
    /// Where the rendered files go as soon as each is done.
    let output: OutputWriter
    var family = Family(members: [], chores: [])
    var site: Site?
    /// How fresh a synced store's chores are; nil for a store never synced.
    var freshness: Freshness?
    /// The sync's status and journal beside the store, read with it.
    var synced: SyncedStoreFiles?
    var templates: TemplateSet?
    var summary = OutputWriter.Summary()
    /// The fingerprint of this build's inputs, when the next build may trust it.
    var inputs: String?
    /// The fingerprint of the inputs but the feed tokens, which a build may add to.
    var inputsBase = ""
    /// Set when the last build had the same inputs and its files are intact: the rest is skipped.
    var isCurrent = false
    /// Processor seconds that rendering each kind of file took, summed over the cores.
    var renderSeconds: [(kind: String, seconds: Double)] = []
    /// Seconds each step took, and the peak memory so far after it, in order.
    var timings: [(step: String, seconds: Double, peakMegabytes: Double)] = []
}
