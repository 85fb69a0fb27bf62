import AemtliCore

extension FileIO {
    /// The completion journal at `place`, read in pieces (a year's is a hundred megabytes and
    /// never held at once); an unreadable one is exit 74. Its warnings name `place` as shown.
    /// `alongside` gets each piece's bytes as they are read (a build fingerprints them).
    func readJournal(_ place: Place, alongside: (UnsafeBufferPointer<UInt8>) -> Void = { _ in }) throws -> CompletionJournal {
        var reader = CompletionJournalReader(file: place.shown)
        do {
            try readPieces(place.path) { reader.read($0, isEnd: $1, alongside: alongside) }
        } catch {
            throw CLIError(.readFailed(path: place.shown, detail: Self.describe(error)))
        }
        return reader.journal()
    }
}
