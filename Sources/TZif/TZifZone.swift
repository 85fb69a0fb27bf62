/// A zone's rules as one TZif file (RFC 9636) gives them: the instants its offset changes at, the
/// kinds of local time it has, and the POSIX TZ rule that goes on after the last listed change.
/// Parsed once (`TZifZone(parsing:)`); `TZifZone+Lookup.swift` answers questions about it.
public struct TZifZone: Sendable, Equatable {
    /// One kind of local time: its offset, whether it is summer time, and its abbreviation.
    public struct LocalTimeType: Sendable, Equatable, Hashable {
        /// Seconds east of UTC.
        public var offset: Int
        public var isDaylight: Bool
        public var abbreviation: String

        public init(offset: Int, isDaylight: Bool, abbreviation: String) {
            self.offset = offset
            self.isDaylight = isDaylight
            self.abbreviation = abbreviation
        }
    }

    /// The file's format version, 1 to 4.
    public var version: Int
    /// Seconds since 1970-01-01T00:00Z at which local time changes, ascending.
    public var transitions: [Int64]
    /// For each transition, the index in `types` of the local time that begins there.
    public var typeIndices: [Int]
    /// Never empty; `types[0]` is the local time before the first transition.
    public var types: [LocalTimeType]
    /// The rule for instants after the last transition; nil when the file has none (version 1, or
    /// an empty footer), and then the last transition's local time goes on.
    public var rule: PosixTZ?

    public init(version: Int, transitions: [Int64], typeIndices: [Int], types: [LocalTimeType], rule: PosixTZ?) {
        precondition(
            !types.isEmpty && transitions.count == typeIndices.count,
            "a zone needs a local time type and one per transition")
        self.version = version
        self.transitions = transitions
        self.typeIndices = typeIndices
        self.types = types
        self.rule = rule
    }
}
