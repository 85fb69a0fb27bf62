import Foundation

/// A device allowed to tick, as `serve devices` lists it: never its cookie or the cookie's hash.
public struct PairedDevice: Equatable, Sendable {
    /// Unique among the paired devices: `--revoke` names it, the ticks' log shows it.
    public let name: String
    public let pairedAt: Date

    public init(name: String, pairedAt: Date) {
        self.name = name
        self.pairedAt = pairedAt
    }
}
