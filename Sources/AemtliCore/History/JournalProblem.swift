/// A journal line that was skipped: its number in the whole file, from 1, and why, as one
/// sentence (`CompletionJournal.warnings` adds the file).
struct JournalProblem: Equatable, Sendable {
    var line: Int
    var text: String
}
