// libFuzzer target for the store reader: `.ci/fuzz store SECONDS`. Not part of the package.
import AemtliCore
import Foundation
import JSON

/// The input is read as one store file and, split at NUL bytes, as a folder of files merged in
/// order. Reading either ends in a family (whose every date converts to wall-clock time, as the
/// pages and feeds do) or in a `StoreError` that names the file, line and column.
@_cdecl("LLVMFuzzerTestOneInput")
public func storeFuzzTarget(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    read([StoreSource(name: "store.json", bytes: bytes)])
    if bytes.contains(0) {
        let files = bytes.split(separator: 0, omittingEmptySubsequences: false).enumerated()
        read(files.map { StoreSource(name: "store/\($0.offset).json", bytes: Array($0.element)) })
    }
    return 0
}

private let familyTime = FamilyTime(
    timeZone: TimeZone(identifier: "Europe/Zurich") ?? .current, around: Date(timeIntervalSince1970: 1_780_000_000))

private func read(_ sources: [StoreSource]) {
    do {
        let family = try StoreReader().read(sources).family
        let dates =
            family.chores.flatMap { [$0.dueDate, $0.createdAt, $0.deadline, $0.modified, $0.created] }
            + family.members.map(\.modified)
        for date in dates.compactMap({ $0 }) {
            _ = familyTime.local(date)
            _ = FamilyTime.utcLocal(date)
        }
    } catch let error as StoreError {
        guard case .invalidJSON(let json) = error.reason, json.line >= 1, json.column >= 1,
            sources.contains(where: { $0.name == error.file })
        else {
            preconditionFailure("a StoreError without a place in a file: \(error)")
        }
    } catch {
        preconditionFailure("not a StoreError: \(error)")
    }
}
