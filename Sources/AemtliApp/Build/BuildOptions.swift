/// How one build runs, beyond the household's settings.
public struct BuildOptions: Equatable, Sendable {
    /// Fail when reading the store gives any warning (`--strict`).
    public var strict = false
    /// The pages `aemtli serve` shows (SPEC §9): they follow its event stream and carry no time
    /// that changes with every build.
    public var live = false
    /// The wall shows Done buttons: serve answers ticks.
    public var ticks = false
    /// The configuration file no longer reads and serve goes on with the last one that did: the
    /// pages say so to the parents.
    public var configurationKept = false

    public init() {}
}
