import AemtliCore

extension FileIO {
    /// The completion journal at `place`, read in pieces (a year's is a hundred megabytes and
    /// never held at once); an unreadable one is exit 74. Its warnings name `place` as shown.
    func readJournal(_ place: Place) throws -> CompletionJournal {
        var reader = CompletionJournalReader(file: place.shown)
        do {
            try readPieces(place.path) { reader.read($0, isEnd: $1) }
        } catch {
            throw CLIError(.readFailed(path: place.shown, detail: Self.describe(error)))
        }
        return reader.journal()
    }
}
