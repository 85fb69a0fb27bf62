/// `STORE/history/done.jsonl` read once into typed values: its done/undone lines in file order
/// and the times of the syncs that watched (SPEC §8.5). A line that is not one of the two shapes
/// is a warning naming the file and the line, and is skipped; nothing in a journal stops a run.
public struct CompletionJournal: Sendable {
    /// The chore ids the lines name, each once, numbered by their bytes.
    let choreNames: NameTable
    /// The member ids, apart: a family's few hundred stay in the cache while 20 000 chores' do not.
    let memberNames: NameTable
    /// The done and undone lines in file order.
    let ticks: [JournalTick]
    /// When each successful sync ran, in milliseconds since 1970, ascending.
    public let syncs: [Int64]
    /// The journal as its warnings name it.
    let file: String
    /// The lines skipped, by line number of the whole file, ascending.
    let problems: [JournalProblem]

    public init(events: [JournalEvent] = [], syncs: [Int64] = []) {
        var chores = NameTable(), members = NameTable()
        ticks = events.map { JournalTick(at: $0.at, chore: chores.number(of: $0.choreID), assignee: $0.assignedTo.map { members.number(of: $0) } ?? -1, kind: $0.kind) }
        choreNames = chores
        memberNames = members
        self.syncs = syncs.sorted()
        file = ""
        problems = []
    }

    init(choreNames: NameTable, memberNames: NameTable, ticks: [JournalTick], syncs: [Int64], file: String, problems: [JournalProblem]) {
        self.choreNames = choreNames
        self.memberNames = memberNames
        self.ticks = ticks
        self.syncs = syncs
        self.file = file
        self.problems = problems
    }

    /// One warning for each line skipped, naming the file and the line.
    public var warnings: [StoreDiagnostic] {
        problems.map { StoreDiagnostic(.warning, file: "\(file):\($0.line)", $0.text) }
    }

    /// The done and undone lines in file order.
    public var events: [JournalEvent] {
        ticks.map { JournalEvent(choreID: choreNames.names[Int($0.chore)], kind: $0.kind, at: $0.at, assignedTo: name($0.assignee)) }
    }

    /// True when the journal holds no line History can use: history has not begun.
    public var isEmpty: Bool { ticks.isEmpty && syncs.isEmpty }

    func name(_ number: Int32) -> String? {
        number < 0 ? nil : memberNames.names[Int(number)]
    }

    /// Parses the journal's bytes; `file` names it in warnings. `quickPaths: false` reads every
    /// line with the full JSON parser, slowly: the reading the quick paths must agree with, for
    /// tests and the fuzz target. A large file is better read in pieces (`CompletionJournalReader`).
    public static func parse(_ bytes: [UInt8], file: String, quickPaths: Bool = true) -> CompletionJournal {
        var reader = CompletionJournalReader(file: file, quickPaths: quickPaths)
        bytes.withUnsafeBufferPointer { _ = reader.read($0, isEnd: true) }
        return reader.journal()
    }
}
