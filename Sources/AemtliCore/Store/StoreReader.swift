import JSON

/// Reads a record store (SPEC §2): parses each source, recognises its shape, merges all entries in
/// order, and checks every surviving record. Only a source that is not JSON stops it.
public struct StoreReader {
    public init() {}

    public func read(_ sources: [StoreSource]) throws -> StoreReadResult {
        let readers = try sources.map { source -> SourceReader in
            let document: JSONValue
            do {
                document = try JSONParser.parse(source.bytes)
            } catch let error as JSONError {
                throw StoreError(.invalidJSON(error), file: source.name)
            }
            var reader = SourceReader(file: source.name)
            reader.read(document)
            return reader
        }
        let merged = RecordMerger.merge(readers.map(\.entries))
        var diagnostics: [StoreDiagnostic] = []
        var errorEntries = 0
        for reader in readers {
            diagnostics += reader.diagnostics
            errorEntries += reader.errorEntries
        }
        var decoder = RecordDecoder()
        let family = decoder.decode(merged.records)
        let statistics = StoreStatistics(
            sources: sources.count, versionsRead: merged.versionsRead, deletions: merged.deletions,
            olderVersionsIgnored: merged.olderVersionsIgnored, errorEntries: errorEntries,
            skippedRecords: decoder.skippedRecords, ignoredRecordTypes: decoder.ignoredRecordTypes)
        return StoreReadResult(family: family, diagnostics: diagnostics + decoder.diagnostics, statistics: statistics)
    }
}

/// The family a store describes, what was wrong with it, and how it was put together.
public struct StoreReadResult: Sendable {
    public var family: Family
    public var diagnostics: [StoreDiagnostic]
    public var statistics: StoreStatistics

    public var warnings: [StoreDiagnostic] { diagnostics.filter { $0.severity == .warning } }
}

/// Counts from reading a store, for `aemtli check`.
public struct StoreStatistics: Equatable, Sendable {
    public var sources: Int
    /// Record versions read, before merging (tombstones and errors not included).
    public var versionsRead: Int
    public var deletions: Int
    /// Versions not applied because a newer version of the record had been read already.
    public var olderVersionsIgnored: Int
    public var errorEntries: Int
    public var skippedRecords: Int
    /// Record counts of the types aemtli does not use, by type.
    public var ignoredRecordTypes: [String: Int]
}
