// libFuzzer target for the completion journal: `.ci/fuzz journal SECONDS`. Not part of the package.
import AemtliCore
import Foundation
import JSON

/// The input is read as `history/done.jsonl`. Reading never stops and never traps: every warning
/// names a line of the input; every line read writes back (through the one codec) to bytes that
/// read as the same line; History over the demo family never traps.
@_cdecl("LLVMFuzzerTestOneInput")
public func journalFuzzTarget(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let journal = CompletionJournal.parse(bytes, file: "done.jsonl")
    let lineCount = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).count
    for warning in journal.warnings {
        guard warning.file.hasPrefix("done.jsonl:"), let line = Int(warning.file.dropFirst(11)),
            (1...lineCount).contains(line)
        else {
            preconditionFailure("a warning without a line of the input: \(warning.file)")
        }
    }
    let lines = journal.events.map(JournalLine.event) + journal.syncs.map(JournalLine.sync)
    for line in lines {
        guard case .success(let again) = JournalLine.parse(line.bytes.dropLast()), again == line else {
            preconditionFailure("a line read does not read the same once written: \(line)")
        }
    }
    let history = History(family: family, journal: journal, schedule: schedule, weeks: 3)
    for chore in history.chores { _ = history.periodsInWeeks(chore) }
    return 0
}

private let now = Date(timeIntervalSince1970: 1_773_000_000)
private let time = FamilyTime(timeZone: TimeZone(identifier: "Europe/Zurich") ?? .current, around: now)
/// The demo family: every recurrence, deadlines, done and open chores.
private let family: Family = {
    let bytes = DemoFamily.responses(now: now, time: time).serializedBytes()
    guard let family = try? StoreReader().read([StoreSource(name: "store.json", bytes: bytes)]).family else {
        preconditionFailure("the demo family does not read")
    }
    return family
}()
private let schedule = Schedule(time: time, now: now)
