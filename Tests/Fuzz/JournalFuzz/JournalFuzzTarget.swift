// libFuzzer target for the completion journal: `.ci/fuzz journal SECONDS`. Not part of the package.
import AemtliCore
import Foundation
import JSON

/// The input is read as `history/done.jsonl`. Reading never stops: every warning names a line of
/// the input; History over the demo family never traps; the input read in pieces reads as it
/// does whole. The quick paths read the input as the
/// full JSON parser alone does (the same events, syncs and warnings), and each line the quick
/// scanner reads, the parser reads as an object with the same members.
@_cdecl("LLVMFuzzerTestOneInput")
public func journalFuzzTarget(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let journal = CompletionJournal.parse(bytes, file: "done.jsonl")
    let lineCount = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).count
    for warning in journal.warnings {
        guard warning.file.hasPrefix("done.jsonl:"), let line = Int(warning.file.dropFirst(11)), (1...lineCount).contains(line) else {
            preconditionFailure("a warning without a line of the input: \(warning.file)")
        }
    }
    let full = CompletionJournal.parse(bytes, file: "done.jsonl", quickPaths: false)
    guard full.events == journal.events, full.syncs == journal.syncs, full.warnings.map(\.description) == journal.warnings.map(\.description) else {
        preconditionFailure("the quick paths read the journal otherwise than the full parser")
    }
    checkPieces(bytes, whole: journal)
    let history = History(family: family, journal: journal, schedule: schedule, weeks: 3)
    for chore in history.chores { _ = history.periodsInWeeks(chore) }
    for line in bytes.split(separator: 0x0A) { checkScanner(Array(line)) }
    return 0
}

private let now = Date(timeIntervalSince1970: 1_773_000_000)
private let time = FamilyTime(timeZone: TimeZone(identifier: "Europe/Zurich") ?? .current, around: now)
/// The demo family: every recurrence, deadlines, done and open chores.
private let family: Family = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "Europe/Zurich") ?? .current
    let bytes = DemoFamily.responses(now: now, calendar: calendar).serializedBytes()
    guard let family = try? StoreReader().read([StoreSource(name: "store.json", bytes: bytes)]).family else {
        preconditionFailure("the demo family does not read")
    }
    return family
}()
private let schedule = Schedule(time: time, now: now)

/// The input handed over in pieces (their size from its length) reads as it does whole.
private func checkPieces(_ bytes: [UInt8], whole: CompletionJournal) {
    var reader = CompletionJournalReader(file: "done.jsonl")
    var offset = 0
    let pieceSize = 1 + bytes.count % 61
    var size = pieceSize
    while true {
        let end = min(bytes.count, offset + size)
        let taken = bytes[offset..<end].withUnsafeBufferPointer { reader.read($0, isEnd: end == bytes.count) }
        offset += taken
        if end == bytes.count { break }
        size = taken == 0 ? size * 2 : pieceSize
    }
    let pieces = reader.journal()
    guard pieces.events == whole.events, pieces.syncs == whole.syncs, pieces.warnings.map(\.description) == whole.warnings.map(\.description) else {
        preconditionFailure("the journal in pieces of \(pieceSize) reads otherwise than whole")
    }
}

private func checkScanner(_ line: [UInt8]) {
    var members: [FlatJSONScanner.Member] = []
    guard line.withUnsafeBufferPointer({ FlatJSONScanner.scan($0, into: &members) }) else { return }
    guard case .object(let object)? = try? JSONParser.parse(line), object.members.count == members.count else {
        preconditionFailure("the scanner read a line the parser reads otherwise: \(line)")
    }
    for (parsed, scanned) in zip(object.members, members) {
        let same: Bool
        switch (parsed.value, scanned.value) {
        case (.string(let text), .string(let range)): same = text == String(decoding: line[range], as: UTF8.self)
        case (.integer(let a), .integer(let b)): same = a == b
        case (.bool(let a), .bool(let b)): same = a == b
        case (.null, .null): same = true
        default: same = false
        }
        guard same, parsed.key == String(decoding: line[scanned.key], as: UTF8.self) else {
            preconditionFailure("the scanner read a member the parser reads otherwise: \(line)")
        }
    }
}
