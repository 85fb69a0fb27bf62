import AemtliCore
import Foundation
import JSON
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `STORE/history/done.jsonl` (SPEC §8.5), one JSON object a line, keys sorted:
///
/// - a done or undone event: `{"assignedTo", "at", "changeTag", "chore", "event", "period", "title"}`
///   where `at` is the version's `modified.timestamp` (milliseconds since 1970) and `period` the
///   first local day (`YYYY-MM-DD`, the family's zone and week start) of the chore's day, week or
///   month holding `at`; null for a `once` chore, whose one period has no start;
/// - a sync run that brought the store up to date: `{"sync": MILLIS}`, the run's now.
///
/// Lines are appended after their page file and before the state that commits both; the state
/// keeps the journal's committed length, and a run starts by cutting off any tail beyond it (the
/// lines of a page that was never committed, which the next fetch writes again). So a crash can
/// neither lose a line nor leave one twice.
struct Journal {
    let layout: StoreLayout
    let time: FamilyTime
    var hooks = SyncHooks()

    /// The journal's size in bytes now (0 when there is none).
    func length() -> Int64 {
        var info = stat()
        return stat(layout.journal, &info) == 0 ? Int64(info.st_size) : 0
    }

    /// Cuts off bytes beyond `committed` (never lengthens the file).
    func cutOff(after committed: Int64) throws {
        guard length() > committed else { return }
        guard truncate(layout.journal, off_t(committed)) == 0 else {
            throw SyncError(.cannotWrite(path: layout.journal, detail: PosixText.lastError()))
        }
    }

    /// Appends `lines` durably and returns the new length.
    func append(_ lines: [JSONValue]) throws -> Int64 {
        try hooks.beforeWriting(.journal)
        let madeFolder = mkdir(layout.history, 0o755) == 0
        if !madeFolder && errno != EEXIST {
            throw SyncError(.cannotWrite(path: layout.history, detail: PosixText.lastError()))
        }
        // A new folder's and a new file's names must reach the disk too, before the state that
        // counts the journal's length (found in review).
        if madeFolder { try AtomicFile.syncFolder(of: layout.history) }
        let isNew = access(layout.journal, F_OK) != 0
        var bytes: [UInt8] = []
        for line in lines { bytes += line.serializedBytes() + [0x0A] }
        let descriptor = open(layout.journal, O_WRONLY | O_APPEND | O_CREAT, 0o644)
        guard descriptor >= 0 else { throw SyncError(.cannotWrite(path: layout.journal, detail: PosixText.lastError())) }
        defer { close(descriptor) }
        if let failure = AtomicFile.writeAll(bytes, to: descriptor) {
            throw SyncError(.cannotWrite(path: layout.journal, detail: failure))
        }
        guard fsync(descriptor) == 0 else { throw SyncError(.cannotWrite(path: layout.journal, detail: PosixText.lastError())) }
        if isNew { try AtomicFile.syncFolder(of: layout.journal) }
        return length()
    }

    func event(_ flip: KnownRecords.Flip) -> JSONValue {
        let facts = flip.facts
        let at = flip.version.modifiedMillis
        var period: JSONValue = .null
        if let at {
            let periods = CurrentPeriods(now: Date(timeIntervalSince1970: Double(at) / 1000), time: time)
            let recurrence = facts.recurrence.flatMap(Recurrence.init(rawValue:)) ?? .once
            period = periods.period(for: recurrence).map { .string($0.lowerBound.description) } ?? .null
        }
        return .object([
            "chore": .string(facts.id), "event": .string(facts.isDone ? "done" : "undone"),
            "at": at.map { .integer($0) } ?? .null, "period": period,
            "title": facts.title.map { .string($0) } ?? .null, "assignedTo": facts.assignedTo.map { .string($0) } ?? .null,
            "changeTag": flip.version.changeTag.map { .string($0) } ?? .null,
        ])
    }

    static func syncLine(at now: Date) -> JSONValue {
        .object(["sync": .integer(Timestamp.millis(now))])
    }
}
